import {
  CONSENT_CATEGORIES,
  CONSENT_MISSING_ERROR,
  type ConsentCategory,
  type ConsentChangeBody,
  type ConsentRecord,
  consentCategoryLabel,
  consentText,
  type Language,
  type StudentConsents,
} from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { inSchool } from "../../lib/tenant-db.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";
import * as repo from "./consent.repository.ts";

/**
 * Refuses, with the category's translated error (409), unless the family's newest record for the category is a
 * grant. Other modules call it inside the transaction that stores the sensitive data, so a withdrawal committed
 * first is seen. It reads with `forSchool`, never switching the caller's transaction to another role.
 */
export async function requireConsent(tx: Tx, schoolId: string, studentId: number, category: ConsentCategory) {
  if (!(await repo.isGranted(tx, schoolId, studentId, category))) throw new AppError(CONSENT_MISSING_ERROR[category]);
}

/** Every category's state for the student (the newest record decides; never recorded is not granted). */
export async function consentState(tx: Tx, schoolId: string, studentId: number) {
  const latest = await repo.latestPerCategory(tx, schoolId, studentId);
  return Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, latest.get(c) ?? false])) as Record<
    ConsentCategory,
    boolean
  >;
}

const present = (r: repo.ConsentRow): ConsentRecord => ({
  id: r.id,
  category: r.category as ConsentCategory,
  granted: r.granted,
  // A removed account keeps its id; the name is gone with it.
  by: { id: r.userId, name: r.userName ?? `#${r.userId}` },
  at: r.recordedAt.toISOString(),
  notice_version: r.noticeVersion,
  language: r.language as Language,
  text: r.text,
});

/**
 * A student's consents (issue 25 §4): whoever may open the student's file reads them; only a family member of the
 * student grants or withdraws, each time a new record with the text they were shown — nothing is changed or
 * deleted, the newest record of a category is its state.
 */
export function createConsentService(deps: { db: Db }) {
  const { db } = deps;

  async function read(viewer: Viewer, studentId: number): Promise<StudentConsents> {
    const { schoolId } = viewer.tenant;
    const { row, family } = await openableFile(db, viewer, studentId);
    const [notice, rows] = await Promise.all([
      repo.noticeOf(db, schoolId, viewer.userId),
      inSchool(db, schoolId, (tx) => repo.historyOf(tx, schoolId, studentId)),
    ]);
    if (!notice) throw new AppError("NOT_FOUND");
    const language = viewer.language ?? "es";
    const history = rows.map(present);
    return {
      student_id: studentId,
      notice_version: notice.version,
      can_change: family,
      categories: CONSENT_CATEGORIES.map((category) => {
        const last = history.find((r) => r.category === category) ?? null;
        const granted = last?.granted ?? false;
        const values = { student: row.name, school: notice.school, version: notice.version };
        return {
          category,
          label: consentCategoryLabel(category, language),
          granted,
          last,
          next_text: family ? consentText(granted ? "withdraw" : "grant", category, language, values) : null,
        };
      }),
      history,
    };
  }

  /**
   * A family member grants or withdraws one category, confirming the text of the notice version they were shown.
   * Granting needs the school's current privacy notice accepted; withdrawing never waits for anything. A change to
   * the state it already has writes nothing.
   */
  async function change(viewer: Viewer, studentId: number, body: ConsentChangeBody): Promise<StudentConsents> {
    const { schoolId } = viewer.tenant;
    const { row, family } = await openableFile(db, viewer, studentId);
    if (!family) throw new AppError("CONSENT_FAMILY_ONLY");
    await db.transaction(async (tx) => {
      const notice = await repo.noticeOf(tx, schoolId, viewer.userId);
      if (!notice) throw new AppError("NOT_FOUND");
      if (body.notice_version !== notice.version) throw new AppError("CONSENT_NOTICE_CHANGED");
      if (body.granted && notice.accepted !== notice.version) throw new AppError("CONSENT_NOTICE_NOT_ACCEPTED");
      if ((await repo.isGranted(tx, schoolId, studentId, body.category)) === body.granted) return;
      const values = { student: row.name, school: notice.school, version: notice.version };
      await repo.insertRecord(tx, schoolId, {
        studentId,
        category: body.category,
        granted: body.granted,
        userId: viewer.userId,
        noticeVersion: notice.version,
        language: body.language,
        text: consentText(body.granted ? "grant" : "withdraw", body.category, body.language, values),
      });
    });
    return read(viewer, studentId);
  }

  return { read, change };
}

export type ConsentService = ReturnType<typeof createConsentService>;
