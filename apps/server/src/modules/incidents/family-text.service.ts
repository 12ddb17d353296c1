import {
  type FamilyTextCheck,
  type FamilyTextCheckBody,
  findStudentNames,
  foldName,
  type Language,
  OTHER_STUDENT,
  redactStudentNames,
} from "@convive/domain";
import type { Db } from "../../db/client.ts";
import { schoolNameIndex } from "../../lib/family-reader.ts";

/**
 * The teacher's warning as they type (issue 9 item 8): the same rule and the same names as the families' read
 * paths (redaction.ts), applied for each family of the students picked so far. Only the spans the teacher typed
 * come back, never a record's name, so the answer tells nothing a student search would not.
 */
export function createFamilyTextService(deps: { db: Db }) {
  const { db } = deps;

  async function check(schoolId: string, body: FamilyTextCheckBody, lang: Language): Promise<FamilyTextCheck> {
    if (body.text.trim() === "") return { names: [], previews: [] };
    const index = await schoolNameIndex(db, schoolId);
    // Ids of another school's students name nobody here.
    const picked = [...new Set(body.student_ids)].filter((id) => index.students.has(id));
    const readers = picked.length ? picked.map((id) => ({ id, keep: [id] })) : [{ id: null, keep: [] }];
    const names = new Map<string, string>();
    const previews: FamilyTextCheck["previews"] = [];
    for (const reader of readers) {
      const context = { incidentStudentIds: picked, keepStudentIds: reader.keep };
      const found = findStudentNames(body.text, index, context);
      if (found.length === 0) continue;
      for (const match of found) {
        const key = foldName(match.text).replace(/\s+/g, " ");
        if (!names.has(key)) names.set(key, match.text);
      }
      const text = redactStudentNames(body.text, index, { ...context, replacement: OTHER_STUDENT[lang] });
      previews.push({ student_id: reader.id, text });
    }
    return { names: [...names.values()], previews };
  }

  return { check };
}

export type FamilyTextService = ReturnType<typeof createFamilyTextService>;
