// The invitations module's public surface: the invitations service and the queries and helpers that the
// school-users, families and imports modules use to invite people.
export {
  countInvitationLinks,
  deleteInvitation,
  deleteInvitationLink,
  type InvitationRow,
  insertInvitationLinks,
  invitationsForStudent,
  invitedLinksAmong,
  membersByEmail,
  openInvitationsFor,
} from "./invitations.repository.ts";
export { invitationsModule } from "./invitations.routes.ts";
export {
  createInvitationsService,
  type InvitationsService,
  openInvitations,
  type PendingMail,
  presentInvitations,
  presentOne,
  renewOpenInvitation,
  writeInvitationMail,
} from "./invitations.service.ts";
