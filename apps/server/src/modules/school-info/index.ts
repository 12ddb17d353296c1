// The school-info module's public surface: the plugin app.ts registers (the school's details and logo).
export { schoolInfoModule } from "./school-info.routes.ts";
