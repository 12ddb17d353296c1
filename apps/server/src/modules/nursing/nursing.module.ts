import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { nursingConfigRoutes } from "./config.routes.ts";
import { createNursingConfig } from "./config.service.ts";
import { createFamilyNotice } from "./family-notice.ts";
import { registerNursingFiles } from "./files.ts";
import { createMedicationWrites } from "./medication.service.ts";
import { nursingRoutes } from "./nursing.routes.ts";
import { createNursingReads } from "./nursing.service.ts";
import { createRecordWrites } from "./record.service.ts";
import { createVisitWrites } from "./visits.service.ts";

type Needs = Pick<ModuleDeps, "db" | "config" | "mailer"> & { notifications: NotificationsService };

/** Nursing: the medical record, family proposals, infirmary visits, medication (issue 29 §3, §4). */
export const nursingModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const { db, notifications } = ctx;
  const reads = createNursingReads({ db });
  const tellFamily = createFamilyNotice({ config: ctx.config, mailer: ctx.mailer, notifications });
  registerNursingFiles(db);
  await app.register(nursingConfigRoutes, { config: createNursingConfig({ db }) });
  await app.register(nursingRoutes, {
    reads,
    record: createRecordWrites({ db, reads, notifications }),
    visits: createVisitWrites({ db, tellFamily }),
    medication: createMedicationWrites({ db, reads, tellFamily }),
  });
};
