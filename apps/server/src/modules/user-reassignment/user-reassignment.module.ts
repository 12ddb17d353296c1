import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { WorkHandover } from "../../lib/work-handover.ts";
import { reassignmentRoutes } from "./user-reassignment.routes.ts";
import { createReassignmentService } from "./user-reassignment.service.ts";

type Needs = Pick<ModuleDeps, "db" | "events"> & { workHandovers: readonly WorkHandover[] };

/** User reassignment (issue 31 §2): one user's open work handed to another, previewed, applied all or nothing. */
export const userReassignmentModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const service = createReassignmentService({ db: ctx.db, events: ctx.events, handovers: ctx.workHandovers });
  await app.register(reassignmentRoutes, { service });
};
