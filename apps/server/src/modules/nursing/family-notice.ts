import { DEFAULT_TIME_ZONE, type Language } from "@convive/domain";
import { and, eq } from "drizzle-orm";
import type { Config } from "../../config/config.ts";
import type { Tx } from "../../db/client.ts";
import { familyLinks, schools, users } from "../../db/schema/index.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { renderNotification } from "../notifications/index.ts";

/** Where a family's nursing notice leads: the student's file on its Nursing tab, over the notifications screen. */
export const familyNursingLink = (studentId: number) => `/notifications?student=${studentId}&fileTab=nursing`;

/** Where a nurse's notice leads: her desk with the student chosen (its pending proposals beside it). */
export const nurseDeskLink = (studentId: number) => `/nursing?nurse=${studentId}`;

const CLOSING = { es: "Ábrelo en Convive:", en: "Open it in Convive:" } as const;

export interface FamilyNotice {
  schoolId: string;
  studentId: number;
  type: string;
  params: Record<string, string | number>;
}

/**
 * Tells the student's family in the transaction that records the event (issue 29 §4): the in-app notification
 * (the bell and the realtime push, once `publish` runs after the commit) and an e-mail through the outbox in each
 * member's language, passed through the family reader like every text made for a family. Returns who was told and
 * when — the visit's `family_notified_at` — or null when the student has no family member linked.
 */
export function createFamilyNotice(deps: { config: Config; mailer: Mailer; notifications: NotificationsService }) {
  return async function tell(tx: Tx, notice: FamilyNotice) {
    const { schoolId, studentId } = notice;
    // The family's mailboxes and languages and the school's clock in one statement (a visit's budget is 30 ms).
    const family = await tx
      .select({ id: users.id, email: users.email, language: users.language, timeZone: schools.timeZone })
      .from(familyLinks)
      .innerJoin(users, eq(users.id, familyLinks.userId))
      .innerJoin(schools, eq(schools.id, familyLinks.schoolId))
      .where(and(eq(familyLinks.schoolId, schoolId), eq(familyLinks.studentId, studentId)));
    const link = familyNursingLink(studentId);
    const done = await deps.notifications.notify(tx, {
      schoolId,
      userIds: family.map((f) => f.id),
      type: notice.type,
      params: notice.params,
      link,
    });
    // E-mail those the notification reached (active members of the school).
    const told = done.delivered.map((d) => d.userId);
    if (told.length === 0) return { at: null, publish: done.publish };
    const reached = new Set(told);
    const boxes = family.filter((f) => reached.has(f.id));
    const timeZone = family[0]?.timeZone || DEFAULT_TIME_ZONE;
    const readerOf = await familyReadersOf(tx, schoolId, told);
    const url = schoolLink(deps.config, schoolId, "/notifications", { student: String(studentId), fileTab: "nursing" });
    for (const box of boxes) {
      const language: Language = box.language === "en" ? "en" : "es";
      const reader = readerOf(box.id, language);
      const say = (value: string) => (reader ? reader.text(value) : value);
      const { title, body } = renderNotification(notice.type, notice.params, language, timeZone);
      const text = [say(body), "", CLOSING[language], url, "", "Convive"].join("\n");
      // One after another: a transaction runs one statement at a time.
      await deps.mailer.send({ to: box.email, subject: say(title), text, schoolId, toFamily: true }, tx);
    }
    return { at: new Date(), publish: done.publish };
  };
}

export type TellFamily = ReturnType<typeof createFamilyNotice>;
