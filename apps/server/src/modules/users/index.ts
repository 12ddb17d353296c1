// The users module's public surface: user and profile rows (auth, avatars, invitations, members) and the service.
export {
  findProfile,
  findUserByEmail,
  findUserById,
  isMember,
  profileGrants,
  type UserRow,
  updateMembership,
  updateUserRow,
} from "./users.repository.ts";
export type { UsersService } from "./users.service.ts";
