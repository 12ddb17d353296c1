// The scorecard module's public surface: the plugin app.ts registers (scorecard, its PDFs, the threshold alerts).
export { scorecardModule } from "./scorecard.module.ts";
