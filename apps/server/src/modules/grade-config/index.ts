// The grade-config module's public surface: what the grade configurator defines, read by ratings, points and the
// scorecard.
export { DEFAULT_RATING_SETTINGS, ratingSetup } from "./setup.repository.ts";
