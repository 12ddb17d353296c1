import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createConditionTypes } from "./condition-types.service.ts";
import { watchIncidents } from "./incident-notice.ts";
import { inclusionRoutes } from "./inclusion.routes.ts";
import { createInclusionService } from "./inclusion.service.ts";
import { createLetterPdf } from "./letter.service.ts";
import { createMonitoredList } from "./monitored.service.ts";

type Needs = Pick<ModuleDeps, "db" | "events" | "background"> & { notifications: NotificationsService };

/** Inclusion and special monitoring: conditions, adjustments, conditioned enrollment (issue 28 §2, §3). */
export const inclusionModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const { db } = ctx;
  const inclusion = createInclusionService({ db });
  watchIncidents(ctx);
  await app.register(inclusionRoutes, {
    inclusion,
    monitored: createMonitoredList({ db }),
    types: createConditionTypes({ db }),
    letter: createLetterPdf({ db, inclusion }),
  });
};
