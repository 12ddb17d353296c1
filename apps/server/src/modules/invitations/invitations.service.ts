import { INVITATION_TTL_DAYS, type Invitation, type InvitationsQuery, type Language, localName } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { outsideRequest } from "../../db/statement-timeout.ts";
import { AppError } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import type { Tenant } from "../../plugins/access.ts";
import { findUserByEmail } from "../users/index.ts";
import { invitationLink, invitationMail } from "./invitation-mail.ts";
import * as repo from "./invitations.repository.ts";

const DAY_MS = 86_400_000;

/** An invitation whose e-mail is still to be sent, with the only copy of its token. */
export interface PendingMail {
  schoolId: string;
  id: number;
  token: string;
}

/** A fresh single-use token: the caller stores the hash and mails the token. */
export function invitationToken(now = Date.now()) {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS) };
}

/** Inserts invitations (with their students, for families) and answers the e-mails to send after the commit. */
export async function openInvitations(
  tx: Tx,
  rows: readonly (Omit<repo.NewInvitation, "tokenHash" | "expiresAt"> & {
    links?: Omit<repo.NewInvitationLink, "schoolId" | "invitationId">[];
  })[],
): Promise<{ rows: repo.InvitationRow[]; mails: PendingMail[] }> {
  const tokens = rows.map(() => invitationToken());
  const inserted = await repo.insertInvitations(
    tx,
    rows.map(({ links: _, ...r }, i) => ({ ...r, tokenHash: tokens[i]!.tokenHash, expiresAt: tokens[i]!.expiresAt })),
  );
  // RETURNING keeps the order of VALUES, so row i is invitation i.
  await repo.insertInvitationLinks(
    tx,
    inserted.flatMap((row, i) =>
      (rows[i]!.links ?? []).map((l) => ({ ...l, schoolId: row.schoolId, invitationId: row.id })),
    ),
  );
  return {
    rows: inserted,
    mails: inserted.map((row, i) => ({ schoolId: row.schoolId, id: row.id, token: tokens[i]!.token })),
  };
}

/** Gives an open invitation a new token and seven more days; the previous link stops working. */
export async function renewOpenInvitation(tx: Tx, schoolId: string, id: number): Promise<PendingMail | null> {
  const fresh = invitationToken();
  const row = await repo.renewInvitation(tx, schoolId, id, fresh);
  return row ? { schoolId, id, token: fresh.token } : null;
}

/** Open invitations as a school sees them: what it typed, the profile, the students, pending or expired. */
export async function presentInvitations(tx: Tx, schoolId: string, rows: readonly repo.ListedInvitation[]) {
  const links = await repo.studentsOfInvitations(
    tx,
    schoolId,
    rows.map((r) => r.invitation.id),
  );
  const now = Date.now();
  return rows.map(
    ({ invitation: i, profileName, profileNameEn, profileTemplate }): Invitation => ({
      id: i.id,
      email: i.email,
      first_name: i.firstName,
      paternal_surname: i.paternalSurname,
      maternal_surname: i.maternalSurname,
      cell_phone: i.cellPhone,
      profile_id: i.profileId,
      profile_name: profileName,
      profile_name_en: profileNameEn,
      profile_template: profileTemplate,
      trainer_type: i.trainerType,
      status: i.expiresAt.getTime() > now ? "pending" : "expired",
      expires_at: i.expiresAt.toISOString(),
      sent_at: i.sentAt.toISOString(),
      created_at: i.createdAt.toISOString(),
      students: links.filter((l) => l.invitationId === i.id).map(({ invitationId: _, ...s }) => s),
    }),
  );
}

export async function presentOne(tx: Tx, schoolId: string, id: number): Promise<Invitation> {
  const row = await repo.findInvitation(tx, schoolId, id);
  if (!row) throw new AppError("NOT_FOUND");
  return (await presentInvitations(tx, schoolId, [row]))[0]!;
}

/**
 * Writes an invitation's e-mail to the outbox in `tx`, in the recipient's language: an existing account's own, else
 * the one the invitation was made in. Given the transaction that opened the invitation (a new school's Director,
 * issue 26 §4), the invitation and its e-mail commit together or not at all.
 */
export async function writeInvitationMail(
  deps: { db: Db; mailer: Mailer; config: Config },
  mail: PendingMail,
  tx?: Tx,
) {
  const q = tx ?? deps.db;
  const row = await repo.findInvitation(q, mail.schoolId, mail.id);
  if (!row) return;
  const [school] = await q.select({ name: schools.name }).from(schools).where(eq(schools.id, mail.schoolId));
  const account = await findUserByEmail(q, row.invitation.email);
  // The platform administrator never joins a school, and a disabled account cannot accept: nothing is sent,
  // while the school's answer was the same as for anyone else.
  if (account && (account.root === 1 || !account.isActive)) return;
  const lang: Language = (account ? account.language : row.invitation.language) === "en" ? "en" : "es";
  const content = invitationMail(lang, {
    name: account?.firstName ?? row.invitation.firstName,
    school: school?.name ?? mail.schoolId,
    // The profile as the recipient reads it ("Docente" / "Teacher", issue 12 §6).
    profile: localName({ name: row.profileName, name_en: row.profileNameEn }, lang),
    link: invitationLink(deps.config, mail.schoolId, mail.token, lang),
    existingAccount: Boolean(account),
  });
  // Urgent (never held for quiet hours); a failure shows on the school's unsent list.
  await deps.mailer.send({ to: row.invitation.email, ...content, urgent: true, schoolId: mail.schoolId }, tx);
}

/**
 * The school side of invitations: listing, resending, cancelling, and e-mailing them after the answer has gone,
 * each in the recipient's language — an existing account's own, else the one the invitation was made in.
 */
export function createInvitationsService(deps: { db: Db; mailer: Mailer; config: Config; log: (msg: string) => void }) {
  const { db } = deps;
  const sending = new Set<Promise<void>>();

  const sendOne = (mail: PendingMail) => writeInvitationMail(deps, mail);

  /**
   * E-mails the invitations once the caller has answered, one after another: whether an address has an account
   * is looked up only here, so it never shapes or slows the school's answer.
   */
  function deliver(mails: readonly PendingMail[]) {
    if (mails.length === 0) return;
    // After the answer, outside the request's time limit.
    const run = outsideRequest(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      for (const mail of mails) {
        await sendOne(mail).catch((error: unknown) =>
          deps.log(`invitation ${mail.schoolId}/${mail.id} not sent: ${String(error)}`),
        );
      }
    });
    sending.add(run);
    void run.finally(() => sending.delete(run));
  }

  async function list(tenant: Tenant, query: InvitationsQuery) {
    const { rows, total } = await repo.listInvitations(db, tenant.schoolId, {
      search: query.search || undefined,
      scope: query.scope,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return {
      invitations: await presentInvitations(db, tenant.schoolId, rows),
      total,
      page: query.page,
      per_page: query.per_page,
    };
  }

  /** A new link (the old one stops working) valid seven more days, e-mailed again. */
  async function resend(tenant: Tenant, id: number) {
    const mail = await db.transaction((tx) => renewOpenInvitation(tx, tenant.schoolId, id));
    if (!mail) throw new AppError("NOT_FOUND");
    deliver([mail]);
    return presentOne(db, tenant.schoolId, id);
  }

  async function cancel(tenant: Tenant, id: number) {
    if (!(await repo.deleteInvitation(db, tenant.schoolId, id))) throw new AppError("NOT_FOUND");
    return { id };
  }

  /** Waits for the e-mails still being sent (the app is closing). */
  const drain = async () => {
    await Promise.allSettled([...sending]);
  };

  return { deliver, list, resend, cancel, drain };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
