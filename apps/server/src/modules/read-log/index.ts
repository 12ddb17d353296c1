// The read log module's public surface: the plugin app.ts registers and the student file's "Read log" section.
export { readLogModule } from "./read-log.module.ts";
export { readLogFileSection } from "./read-log.section.ts";
