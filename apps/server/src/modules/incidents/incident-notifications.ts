import type { Language } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { renderNotification } from "../notifications/index.ts";
import * as repo from "./incident-notifications.repository.ts";
import type { IncidentRow } from "./registration.repository.ts";

type Params = Record<string, string | number>;

/** What registration knows about a new incident, enough to tell everyone concerned. */
export interface RegisteredIncident {
  schoolId: string;
  id: number;
  recorderId: number;
  visibleToFamily: boolean;
  occurredAt: Date;
  type: { nameEs: string; nameEn: string | null };
  students: readonly { id: number; name: string; headTeacherId: number | null }[];
}

/** Who hears about a registration, read before the transaction alongside the other checks. */
export interface Audience {
  families: { userId: number; studentId: number }[];
  notifyProfile: number[];
  authorName: string;
}

/** Run after the transaction commits: pushes the bell counts and sends the e-mails (never awaited). */
export interface Delivery {
  after: () => void;
}

const NOTHING: Delivery = { after: () => undefined };

const link = (incidentId: number) => `/incident-details?id=${incidentId}`;

/** "Ana Pérez y Luis Gómez", "Ana Pérez, Luis Gómez y 3 más" — per language. */
function studentParams(names: readonly string[]): Params {
  const say = (and: string, more: (n: number) => string) =>
    names.length <= 2 ? names.join(` ${and} `) : `${names[0]}, ${names[1]} ${and} ${more(names.length - 2)}`;
  const es = say("y", (n) => `${n} más`);
  return { student: es, student_es: es, student_en: say("and", (n) => `${n} more`) };
}

/**
 * The type's name in each reader's language, and the instant it happened: stored as such and written when read,
 * in the reader's language on the school's clock (notification-texts.ts).
 */
function incidentParams(type: RegisteredIncident["type"], occurredAt: Date | null): Params {
  const es = type.nameEs;
  const en = type.nameEn || type.nameEs;
  return { incident: es, incident_es: es, incident_en: en, ...(occurredAt ? { date: occurredAt.toISOString() } : {}) };
}

/**
 * Incident notifications (issue 5 item 8): in-app inside the caller's transaction (the incident and its notices
 * land together), pushed over the socket after commit, and e-mailed through the outbox written in that same
 * transaction — a slow or down mail server never holds up a registration nor loses the e-mail.
 */
export function createIncidentNotifier(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  notifications: NotificationsService;
  log: (msg: string) => void;
}) {
  const { db, notifications } = deps;

  async function audience(schoolId: string, studentIds: readonly number[], recorderId: number): Promise<Audience> {
    const [families, notifyProfile, authorName] = await Promise.all([
      repo.familiesOf(db, schoolId, studentIds),
      repo.notifyProfileHolders(db, schoolId),
      repo.nameOfUser(db, recorderId),
    ]);
    return { families, notifyProfile, authorName };
  }

  /**
   * Writes every delivered notification's e-mail to the outbox in `tx` (the incident's own transaction), in its
   * reader's language, dates on the school's clock; the job runner delivers them, so SMTP never holds the answer.
   */
  async function mail(
    tx: Tx,
    schoolId: string,
    sent: { userIds: number[]; type: string; params: Params; incidentId: number }[],
  ) {
    const userIds = [...new Set(sent.flatMap((s) => s.userIds))];
    const [timeZone, mailboxes, readerOf] = await Promise.all([
      repo.zoneOf(tx, schoolId),
      repo.mailboxes(tx, userIds),
      familyReadersOf(tx, schoolId, userIds),
    ]);
    const boxes = new Map(mailboxes.map((b) => [b.id, b]));
    const mails = sent.flatMap((s) =>
      s.userIds.flatMap((userId) => {
        const box = boxes.get(userId);
        if (!box) return [];
        const language: Language = box.language === "en" ? "en" : "es";
        // An e-mail to a family member is made for a family: it passes the family reader (lib/family-reader.ts).
        const family = readerOf(userId, language);
        const say = (value: string) => (family ? family.text(value) : value);
        const { title, body } = renderNotification(s.type, s.params, language, timeZone);
        const text = `${say(body)}\n\n${schoolLink(deps.config, schoolId, link(s.incidentId))}\n\nConvive`;
        return [{ to: box.email, subject: say(title), text, schoolId, toFamily: Boolean(family) }];
      }),
    );
    // One after another: a transaction runs one statement at a time.
    for (const m of mails) await deps.mailer.send(m, tx);
  }

  async function send(
    tx: Tx,
    schoolId: string,
    incidentId: number,
    batches: { userIds: number[]; type: string; params: Params }[],
  ): Promise<Delivery> {
    const sent: { userIds: number[]; type: string; params: Params; incidentId: number }[] = [];
    const publishers: (() => void)[] = [];
    for (const batch of batches) {
      if (batch.userIds.length === 0) continue;
      const done = await notifications.notify(tx, { schoolId, ...batch, link: link(incidentId) });
      publishers.push(done.publish);
      sent.push({ ...batch, userIds: done.delivered.map((d) => d.userId), incidentId });
    }
    await mail(tx, schoolId, sent);
    return {
      after: () => {
        for (const publish of publishers) publish();
      },
    };
  }

  /**
   * A new incident: the head teacher of each student's current group and the notify-profile holders get one
   * notification each naming every student; when the incident is visible to families, each family member gets
   * one naming only their own children. The recorder is never told of their own registration.
   */
  function registered(tx: Tx, incident: RegisteredIncident, who: Audience): Promise<Delivery> {
    const base = {
      ...incidentParams(incident.type, incident.occurredAt),
      author: who.authorName,
    };
    const staff = new Set([
      ...incident.students.flatMap((s) => (s.headTeacherId === null ? [] : [s.headTeacherId])),
      ...who.notifyProfile,
    ]);
    staff.delete(incident.recorderId);
    const batches: { userIds: number[]; type: string; params: Params }[] = [
      {
        userIds: [...staff],
        type: "incident.created",
        params: { ...base, ...studentParams(incident.students.map((s) => s.name)) },
      },
    ];

    if (incident.visibleToFamily) batches.push(...familyBatches(incident, who.families, base, staff));
    return send(tx, incident.schoolId, incident.id, batches);
  }

  /**
   * Family member grouped by the children of theirs the incident names, one batch per distinct set, each naming
   * only those children. `skip` holds users already told as staff (and the recorder).
   */
  function familyBatches(
    incident: { recorderId: number; students: readonly { id: number; name: string }[] },
    families: Audience["families"],
    base: Params,
    skip: ReadonlySet<number>,
  ) {
    const childrenOf = new Map<number, number[]>();
    for (const f of families) {
      if (f.userId === incident.recorderId || skip.has(f.userId)) continue;
      childrenOf.set(f.userId, [...(childrenOf.get(f.userId) ?? []), f.studentId]);
    }
    const bySet = new Map<string, { userIds: number[]; children: number[] }>();
    for (const [userId, children] of childrenOf) {
      const key = children.sort((a, b) => a - b).join(",");
      const entry = bySet.get(key) ?? { userIds: [], children };
      entry.userIds.push(userId);
      bySet.set(key, entry);
    }
    const nameOf = new Map(incident.students.map((s) => [s.id, s.name]));
    return [...bySet.values()].map(({ userIds, children }) => ({
      userIds,
      type: "incident.created.family",
      params: { ...base, ...studentParams(children.map((id) => nameOf.get(id) ?? "")) },
    }));
  }

  /**
   * A correction made an incident visible to families: they are told as they would have been at registration
   * (the actor stands in as author; nobody else hears of it again).
   */
  async function sharedWithFamilies(tx: Tx, incident: IncidentRow, actorId: number): Promise<Delivery> {
    const [students, names, author] = await Promise.all([
      repo.studentsOf(tx, incident.schoolId, incident.id),
      repo.incidentNames(tx, incident.schoolId, incident.id, incident.typeId),
      repo.nameOfUser(tx, actorId),
    ]);
    const families = await repo.familiesOf(
      tx,
      incident.schoolId,
      students.map((s) => s.id),
    );
    const base = { ...incidentParams(names.type, incident.occurredAt), author };
    const batches = familyBatches({ recorderId: actorId, students }, families, base, new Set());
    return send(tx, incident.schoolId, incident.id, batches);
  }

  /** A closed or cancelled incident: its recorder is told, unless they did it themselves. */
  async function statusChanged(
    tx: Tx,
    incident: IncidentRow,
    actorId: number,
    event: "closed" | "cancelled",
  ): Promise<Delivery> {
    if (actorId === incident.recordedBy) return NOTHING;
    const [names, author] = await Promise.all([
      repo.incidentNames(tx, incident.schoolId, incident.id, incident.typeId),
      repo.nameOfUser(tx, actorId),
    ]);
    const params = { ...incidentParams(names.type, null), ...studentParams(names.students), author };
    return send(tx, incident.schoolId, incident.id, [
      { userIds: [incident.recordedBy], type: `incident.${event}`, params },
    ]);
  }

  return { audience, registered, sharedWithFamilies, statusChanged };
}

export type IncidentNotifier = ReturnType<typeof createIncidentNotifier>;
