import {
  type NamedStudent,
  type NameIndex,
  nameIndex,
  OTHER_STUDENT,
  type ParentMeeting,
  redactStudentNames,
} from "@convive/domain";
import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents, students } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Scope } from "./scope.ts";

/**
 * What a family may read of text written by staff (issue 9 item 8): every read path that shows such text to a
 * family passes it through the redactor of the viewer's scope — loadIncidents for the incident's own fields
 * (archive, details, PDF, XLSX), details.family.ts for the rest of the details, and the follow-up lists. The rule
 * itself is the domain's redactStudentNames, the same the teacher's warning previews.
 */
export interface Redactor {
  /** False for staff, who read what was written. */
  readonly active: boolean;
  /** `value` as the reader may see it; `incidentStudentIds`: the students of the incident the text is about. */
  text(value: string, incidentStudentIds?: readonly number[]): string;
  /** The same for an optional field. */
  maybe(value: string | null, incidentStudentIds?: readonly number[]): string | null;
}

const STAFF: Redactor = { active: false, text: (value) => value, maybe: (value) => value };

/** Every student of the school on record (active, withdrawn or graduated: a child's name is private either way). */
export async function schoolNameIndex(db: Tx, schoolId: string): Promise<NameIndex> {
  const rows: NamedStudent[] = await forSchool(db, schoolId)
    .pick(students, {
      id: students.id,
      firstName: students.firstName,
      paternalSurname: students.paternalSurname,
      maternalSurname: students.maternalSurname,
    })
    .where();
  return nameIndex(rows);
}

/** One redactor per resolved scope: a request that reads many texts (an export) loads the names once. */
const redactors = new WeakMap<Scope, Promise<Redactor>>();

/** The redactor of a viewer's scope: a family's hides other students' names, staff's changes nothing. */
export function redactorOf(db: Tx, scope: Scope): Promise<Redactor> {
  if (scope.kind !== "family") return Promise.resolve(STAFF);
  let redactor = redactors.get(scope);
  if (!redactor) {
    const { childIds, language } = scope;
    redactor = schoolNameIndex(db, scope.schoolId).then((index): Redactor => {
      const text = (value: string, incidentStudentIds: readonly number[] = []) =>
        redactStudentNames(value, index, {
          incidentStudentIds,
          keepStudentIds: childIds,
          replacement: OTHER_STUDENT[language],
        });
      return { active: true, text, maybe: (value, ids) => (value === null ? null : text(value, ids)) };
    });
    redactors.set(scope, redactor);
  }
  return redactor;
}

/** The students of some incidents, by incident (incidents.student_ids, kept in step with incident_students). */
export async function studentIdsOf(db: Tx, schoolId: string, incidentIds: readonly number[]) {
  if (incidentIds.length === 0) return new Map<number, number[]>();
  const rows = await forSchool(db, schoolId)
    .pick(incidents, { id: incidents.id, studentIds: incidents.studentIds })
    .where(inArray(incidents.id, [...incidentIds]));
  return new Map(rows.map((r) => [r.id, r.studentIds]));
}

/** A parent meeting's place, agreements and minutes as the reader may see them (details and the meetings list). */
export function meetingForReader(meeting: ParentMeeting, redactor: Redactor, studentIds: readonly number[]) {
  if (!redactor.active) return meeting;
  return {
    ...meeting,
    place: redactor.maybe(meeting.place, studentIds),
    agreements: redactor.maybe(meeting.agreements, studentIds),
    minutes: redactor.maybe(meeting.minutes, studentIds),
  };
}
