// The subjects module's public surface: the plugin app.ts registers (subjects and teaching assignments).

// Issue 31 §2: the subjects a user teaches, handed to another by user reassignment (app.ts's workHandovers).
export { teachingAssignmentsHandover } from "./handover.ts";
export { subjectsModule } from "./subjects.routes.ts";
