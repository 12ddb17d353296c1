// The profiles-admin module's public surface: the plugin app.ts registers (the school's profiles and permissions).
export { profilesAdminModule } from "./profiles-admin.routes.ts";
