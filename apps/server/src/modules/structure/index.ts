// The structure module's public surface: groups, who owns them and who is active staff.
export { findGroup, listGroups } from "./groups.repository.ts";
// Issue 31 §2: the groups a user heads, handed to another by user reassignment (app.ts's workHandovers).
export { headTeacherHandover } from "./handover.ts";
export { assignmentsInGroup, isActiveStaff, ownedGroups } from "./structure.repository.ts";
export { structureModule } from "./structure.routes.ts";
