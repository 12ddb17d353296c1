import { perm } from "@convive/domain";
import { and, asc, count, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { forms, formVersions } from "../../db/schema/index.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import { rowIds, type WorkHandover } from "../../lib/work-handover.ts";
import { memberHolds, schoolToday } from "../external-support/index.ts";

/** Still open: not closed by staff and its due date (a school day, inclusive) not past. */
const openForms = (schoolId: string, today: string) =>
  ofSchool(forms, schoolId, isNull(forms.closedAt), gte(forms.dueDate, today));

/**
 * Issue 31 §2: the open forms to parents a user sent, which they manage (close, remind: `canManage`). The
 * receiver becomes the form's sender, so the form's management follows them; they must hold forms-parents.update
 * to use it (422 REASSIGN_FORMS_OWNER_INVALID). The reassignment history keeps who sent it first.
 */
export const formsHandover: WorkHandover = {
  kind: "forms",

  async countByUser(tx, schoolId) {
    const today = await schoolToday(tx, schoolId);
    const rows = await tx
      .select({ userId: forms.sentBy, n: count() })
      .from(forms)
      .where(openForms(schoolId, today))
      .groupBy(forms.sentBy);
    return new Map(rows.map((r) => [r.userId, r.n]));
  },

  async held(tx, schoolId, userId, reader) {
    const today = await schoolToday(tx, schoolId);
    const rows = await tx
      .select({
        id: forms.id,
        dueDate: forms.dueDate,
        name: sql<string>`${formVersions.definition}->>'name'`,
        nameEn: sql<string | null>`${formVersions.definition}->>'name_en'`,
      })
      .from(forms)
      .innerJoin(formVersions, sameSchool(formVersions, forms, eq(formVersions.id, forms.versionId)))
      .where(and(openForms(schoolId, today), eq(forms.sentBy, userId)))
      .orderBy(asc(forms.dueDate), asc(forms.id));
    return rows.map((f) => ({
      id: String(f.id),
      title: (reader.lang === "en" ? f.nameEn || f.name : f.name) ?? "",
      detail: null,
      folio: null,
      when: f.dueDate,
      href: null,
    }));
  },

  async check(tx, schoolId, move) {
    const allowed = await memberHolds(tx, schoolId, move.to, perm("forms-parents", "update"));
    return { problem: allowed ? null : { code: "REASSIGN_FORMS_OWNER_INVALID" }, merged: new Set() };
  },

  async apply(tx, schoolId, move) {
    await tx
      .update(forms)
      .set({ sentBy: move.to })
      .where(ofSchool(forms, schoolId, eq(forms.sentBy, move.from), inArray(forms.id, rowIds(move.ids))));
  },
};
