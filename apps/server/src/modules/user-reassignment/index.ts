// The user-reassignment module's public surface (issue 31 §2): the plugin. The kinds of work are the modules'
// own (`WorkHandover`, lib/work-handover.ts), listed in app.ts's `workHandovers`.
export { userReassignmentModule } from "./user-reassignment.module.ts";
