import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { externalSupportRoutes } from "./external-support.routes.ts";
import { createReferralList } from "./list.service.ts";
import { registerReferralFiles } from "./referral-files.ts";
import { createReferralsService } from "./referrals.service.ts";
import { createReviewSweep, scheduleReviewSweep } from "./review.job.ts";
import { supportFilesRoutes } from "./support-files.routes.ts";
import { createSupportFiles } from "./support-files.service.ts";
import { createTrainerTypes } from "./trainer-types.service.ts";

type Needs = Pick<ModuleDeps, "db" | "jobs" | "config" | "files"> & { notifications: NotificationsService };

/** External support: referrals of a student to external specialists, their follow-up and reviews (issue 28 §1). */
export const externalSupportModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const { db } = ctx;
  registerReferralFiles(db);
  const sweep = createReviewSweep({ db, notifications: ctx.notifications });
  await scheduleReviewSweep(ctx, sweep);
  await app.register(externalSupportRoutes, {
    referrals: createReferralsService({ db }),
    list: createReferralList({ db }),
    types: createTrainerTypes({ db }),
  });
  await app.register(supportFilesRoutes, {
    files: createSupportFiles({ db, uploadsDir: ctx.config.UPLOADS_DIR, files: ctx.files }),
    appDomain: ctx.config.APP_DOMAIN,
  });
};
