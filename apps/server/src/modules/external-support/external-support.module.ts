import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { externalSupportRoutes } from "./external-support.routes.ts";
import { createReferralList } from "./list.service.ts";
import { createReferralsService } from "./referrals.service.ts";
import { createReviewSweep, scheduleReviewSweep } from "./review.job.ts";
import { createTrainerTypes } from "./trainer-types.service.ts";

type Needs = Pick<ModuleDeps, "db" | "jobs"> & { notifications: NotificationsService };

/** External support: referrals of a student to external specialists, their follow-up and reviews (issue 28 §1). */
export const externalSupportModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const { db } = ctx;
  const sweep = createReviewSweep({ db, notifications: ctx.notifications });
  await scheduleReviewSweep(ctx, sweep);
  await app.register(externalSupportRoutes, {
    referrals: createReferralsService({ db }),
    list: createReferralList({ db }),
    types: createTrainerTypes({ db }),
  });
};
