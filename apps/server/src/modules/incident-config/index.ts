// The incident-config module's public surface: the starter catalogue a new school is created with.

export { incidentConfigModule } from "./incident-config.routes.ts";
export { insertStarterCatalogue } from "./starter-catalogue.ts";
