// The school-users module's public surface: member rows (invitations accept into them) and identity changes.
export { identityChanges } from "./identity.ts";
export { findMember, insertMember } from "./school-users.repository.ts";
