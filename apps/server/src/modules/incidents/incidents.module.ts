import type { ModulePlugin } from "../../lib/module-deps.ts";
import { incidentsArchiveModule } from "./archive.module.ts";
import { incidentsRegistrationModule } from "./registration.module.ts";

type Needs = Parameters<typeof incidentsRegistrationModule>[1]["ctx"] &
  Parameters<typeof incidentsArchiveModule>[1]["ctx"];

/** Incidents: registering and changing them (issue 4), and reading them — archive, details, PDF, export (issue 5). */
export const incidentsModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  await app.register(incidentsRegistrationModule, { ctx });
  await app.register(incidentsArchiveModule, { ctx });
};
