// The rollups module's public surface: the plugin app.ts registers (rebuild jobs and their status route).
export { rollupsModule } from "./rollups.module.ts";
