import type { CreateFamilyMemberBody, Language } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import type { InvitedFamilyDetails } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import {
  countInvitationLinks,
  deleteInvitation,
  deleteInvitationLink,
  insertInvitationLinks,
  invitedLinksAmong,
  openInvitations,
  openInvitationsFor,
  type PendingMail,
  renewOpenInvitation,
} from "../invitations/index.ts";

export interface FamilyLinkFields {
  relationship: string;
  canPickUp: boolean;
  isEmergencyContact: boolean;
}

/** A new Familiar invitation, or one more student on the address's open one (renewed if it had expired). */
export async function inviteFamilyMember(
  tx: Tx,
  input: {
    schoolId: string;
    actorId: number;
    studentId: number;
    body: CreateFamilyMemberBody;
    familiar: number;
    details: InvitedFamilyDetails;
    link: { relationship: string; canPickUp: boolean; isEmergencyContact: boolean };
    lang: Language;
  },
): Promise<{ id: number; mail: PendingMail | null }> {
  const { schoolId, body } = input;
  const open = (await openInvitationsFor(tx, schoolId, [body.email])).get(body.email);
  if (open && open.profileTemplate !== "familiar") throw new AppError("ALREADY_INVITED", { email: "ALREADY_INVITED" });
  if (open) {
    if ((await invitedLinksAmong(tx, schoolId, [open.id])).has(`${open.id}|${input.studentId}`)) {
      throw new AppError("ALREADY_LINKED", { email: "ALREADY_LINKED" });
    }
    await insertInvitationLinks(tx, [{ schoolId, invitationId: open.id, studentId: input.studentId, ...input.link }]);
    const expired = open.expiresAt.getTime() <= Date.now();
    return { id: open.id, mail: expired ? await renewOpenInvitation(tx, schoolId, open.id) : null };
  }
  const opened = await openInvitations(tx, [
    {
      schoolId,
      email: body.email,
      firstName: body.first_name,
      paternalSurname: body.paternal_surname,
      maternalSurname: body.maternal_surname,
      cellPhone: body.phone ?? null,
      profileId: input.familiar,
      language: body.language ?? input.lang,
      family: input.details,
      invitedBy: input.actorId,
      links: [{ studentId: input.studentId, ...input.link }],
    },
  ]);
  return { id: opened.rows[0]!.id, mail: opened.mails[0]! };
}

/** Takes the student off an open invitation; an invitation left with no student is cancelled. */
export async function cancelStudentInvitation(tx: Tx, schoolId: string, studentId: number, invitationId: number) {
  if (!(await deleteInvitationLink(tx, schoolId, invitationId, studentId))) throw new AppError("NOT_FOUND");
  if ((await countInvitationLinks(tx, schoolId, invitationId)) === 0)
    await deleteInvitation(tx, schoolId, invitationId);
}
