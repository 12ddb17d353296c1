import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents } from "../../db/schema/index.ts";
import { type FamilyReader, familyReaderOfUser } from "../../lib/family-reader.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import type { Scope } from "./scope.ts";

/**
 * The incidents module's handle on lib/family-reader.ts, the one path of what a family reads: JSON answers pass
 * it in the family-redaction hook, so the module calls it only where it makes something else for a family — the
 * incident PDF and XLSX export, an evidence file's name in a download header, and the family's archive search (a
 * hidden name must not find the incident it was hidden in).
 */
export interface Redactor extends Pick<FamilyReader, "text" | "maybe"> {
  /** False for staff, who read what was written. */
  readonly active: boolean;
}

const STAFF: Redactor = { active: false, text: (value) => value, maybe: (value) => value };

/** One reader per resolved scope: a request that reads many texts (an export) loads the names once. */
const redactors = new WeakMap<Scope, Promise<Redactor>>();

/** The redactor of a viewer's scope: a family's hides other students' names, staff's changes nothing. */
export function redactorOf(db: Tx, scope: Scope): Promise<Redactor> {
  if (scope.kind !== "family") return Promise.resolve(STAFF);
  let redactor = redactors.get(scope);
  if (!redactor) {
    redactor = familyReaderOfUser(db, scope.schoolId, scope.userId, scope.language, scope.childIds).then(
      (reader): Redactor => ({ active: true, text: reader.text, maybe: reader.maybe }),
    );
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
