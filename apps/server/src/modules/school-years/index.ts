// The school-years module's public surface: which year is current and a year by id.
export { currentYear, findYear } from "./school-years.repository.ts";
export { schoolYearsModule } from "./school-years.routes.ts";
