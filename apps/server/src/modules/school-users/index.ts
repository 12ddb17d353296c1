// The school-users module's public surface: member rows (accepting an invitation reads and inserts them).
export { findMember, insertMember } from "./school-users.repository.ts";
export { schoolUsersModule } from "./school-users.routes.ts";
