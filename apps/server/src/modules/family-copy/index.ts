// The family copy module's public surface: the plugin app.ts registers and the student file's "My data" section.
export { familyCopyModule } from "./family-copy.module.ts";
export { familyCopyFileSection } from "./family-copy.section.ts";
