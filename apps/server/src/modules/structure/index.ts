// The structure module's public surface: groups, who owns them and who is active staff.
export { findGroup, listGroups } from "./groups.repository.ts";
export { assignmentsInGroup, isActiveStaff, ownedGroups } from "./structure.repository.ts";
export { structureModule } from "./structure.routes.ts";
