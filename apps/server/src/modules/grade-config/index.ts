// The grade-config module's public surface: what the grade configurator defines, read by ratings, points and the
// scorecard, and the suggested setup the demo starts with.

export { gradeConfigModule } from "./grade-config.routes.ts";
export { DEFAULT_RATING_SETTINGS, ratingSetup } from "./setup.repository.ts";
export { insertStarterGradeSetup, STARTER_LEVELS, STARTER_NUMERIC } from "./starter-setup.ts";
