import { type ErrorCode, incidentScope, type Language, ROLE_FAMILIAR } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import type { Viewer } from "../incidents/index.ts";
import { currentYear } from "../school-years/index.ts";
import { openableFile } from "../student-file/index.ts";
import * as repo from "./access.repository.ts";

/**
 * Who reads and writes a student's conversation (issue 27 §1). It belongs to the student's school team: whoever
 * may open the student's file (the student file's own rule, `openableFile`: data scope derived on every call, so a
 * new head teacher inherits it and the one before loses it) and holds messages.read; the family members linked to
 * the student. Anyone else — another family, another school, a teacher of another group — gets 404.
 */

export interface ConversationAccess {
  student: { id: number; name: string; group: string | null; groupId: number | null };
  /** The reader is a family member of the student (else staff). */
  family: boolean;
}

/** "Primaria 3° A" ("Primary 3° A" for a reader of English when the school named the level in English). */
const groupLabel = (
  row: {
    group_name: string | null;
    grade_name: string | null;
    section_name: string | null;
    section_name_en: string | null;
  },
  language: Language | undefined,
) =>
  row.group_name === null
    ? null
    : [(language === "en" ? row.section_name_en : null) ?? row.section_name, row.grade_name, row.group_name]
        .filter(Boolean)
        .join(" ");

/** The student when the viewer may read their conversation; 404 otherwise (as another school's ids are). */
export async function readable(db: Db, viewer: Viewer, studentId: number): Promise<ConversationAccess> {
  const { row, family } = await openableFile(db, viewer, studentId);
  return {
    student: { id: row.id, name: row.name, group: groupLabel(row, viewer.language), groupId: row.group_id },
    family,
  };
}

/** Staff whose data scope is the whole school (director, coordinator, counsellor): part of every student's team. */
export const schoolWide = (profileName: string, grants: ReadonlySet<string>) =>
  profileName !== ROLE_FAMILIAR && incidentScope(profileName, grants) === "school";

/**
 * Why the viewer may not write in the student's conversation now, or null when they may: without messages.create
 * (FORBIDDEN); staff, when the student has no family member to read it (MESSAGE_NO_FAMILY) or, before its first
 * message, when the school lets only the team start (MESSAGE_STARTERS_ONLY: the head teacher of the student's group
 * and school-wide staff). A family member always writes in their child's conversation.
 */
export async function writeBlocker(
  db: Db,
  viewer: Viewer,
  access: ConversationAccess,
  started: boolean,
): Promise<ErrorCode | null> {
  const { schoolId, profileName, grants } = viewer.tenant;
  if (!grants.has("messages.create")) return "FORBIDDEN";
  if (access.family) return null;
  const [family, starters, head] = await Promise.all([
    repo.familyOf(db, schoolId, access.student.id),
    started ? null : repo.startersOf(db, schoolId),
    started ? null : repo.headTeacherOf(db, schoolId, access.student.groupId),
  ]);
  if (family.length === 0) return "MESSAGE_NO_FAMILY";
  if (started || starters === "scope" || schoolWide(profileName, grants) || head === viewer.userId) return null;
  return "MESSAGE_STARTERS_ONLY";
}

/** The students whose conversations an inbox lists: every one, a list (a teacher's classes), or a family's children. */
export type InboxScope =
  | { kind: "school" }
  | { kind: "students"; studentIds: number[] }
  | { kind: "family"; childIds: number[] };

/**
 * How far a member's inbox reaches: a family member's children; the whole school for school-wide staff and for
 * whoever reads the students profile (they may open every file); otherwise the students of the groups the member
 * heads or teaches this school year. Anything else they may open (a student of an incident they recorded) opens
 * from the file or the incident, not the inbox.
 */
export async function inboxScope(
  tx: Tx,
  schoolId: string,
  who: { userId: number; profileName: string; grants: ReadonlySet<string> },
): Promise<InboxScope> {
  if (who.profileName === ROLE_FAMILIAR)
    return { kind: "family", childIds: await repo.childrenOf(tx, schoolId, who.userId) };
  if (schoolWide(who.profileName, who.grants) || who.grants.has("master-configuration-students.read")) {
    return { kind: "school" };
  }
  const yearId = (await currentYear(tx, schoolId))?.id ?? null;
  return { kind: "students", studentIds: await repo.studentsOfMyGroups(tx, schoolId, who.userId, yearId) };
}
