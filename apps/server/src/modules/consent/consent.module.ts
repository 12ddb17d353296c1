import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { consentRoutes } from "./consent.routes.ts";
import { createConsentService } from "./consent.service.ts";

/** The family's express consent for sensitive data (issue 25 §4): reads, grants and withdrawals. */
export const consentModule: ModulePlugin<Pick<ModuleDeps, "db">> = async (app, { ctx }) => {
  await app.register(consentRoutes, { service: createConsentService({ db: ctx.db }) });
};
