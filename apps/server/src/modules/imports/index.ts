// The imports module's public surface: the plugin app.ts registers (massive uploads of users, students, families).
export { importsModule } from "./imports.routes.ts";
