import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createConditionTypes } from "./condition-types.service.ts";
import { createConditionWrites } from "./conditions.service.ts";
import { createEnrollmentWrites } from "./enrollments.service.ts";
import { registerInclusionFiles } from "./files.ts";
import { watchIncidents } from "./incident-notice.ts";
import { inclusionRoutes } from "./inclusion.routes.ts";
import { createInclusionReads } from "./inclusion.service.ts";
import { createLetterPdf } from "./letter.service.ts";
import { createMonitoredList } from "./monitored.service.ts";

type Needs = Pick<ModuleDeps, "db" | "events" | "background"> & { notifications: NotificationsService };

/** Inclusion and special monitoring: conditions, adjustments, conditioned enrollment (issue 28 §2, §3). */
export const inclusionModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const { db, notifications } = ctx;
  const reads = createInclusionReads({ db });
  registerInclusionFiles(db);
  watchIncidents(ctx);
  await app.register(inclusionRoutes, {
    reads,
    conditions: createConditionWrites({ db, reads }),
    enrollments: createEnrollmentWrites({ db, reads, notifications }),
    monitored: createMonitoredList({ db }),
    types: createConditionTypes({ db }),
    letter: createLetterPdf({ db, reads }),
  });
};
