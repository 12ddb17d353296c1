// The subjects module's public surface: the plugin app.ts registers (subjects and teaching assignments).
export { subjectsModule } from "./subjects.routes.ts";
