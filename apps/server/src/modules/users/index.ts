// The users module's public surface: user and profile rows (auth, avatars, invitations, members) and the service.
export { type IdentityPatch, identityChanges } from "./identity.ts";
export { createUsers, usersModule } from "./users.module.ts";
export {
  findProfile,
  findUserByEmail,
  findUserById,
  identityEditable,
  isMember,
  profileGrants,
  type UserRow,
  updateMembership,
  updateUserRow,
} from "./users.repository.ts";
export type { UsersService } from "./users.service.ts";
