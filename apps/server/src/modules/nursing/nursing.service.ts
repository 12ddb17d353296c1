import {
  addDays,
  criticalItems,
  DEFAULT_TIME_ZONE,
  type HealthAlert,
  type NursingDesk,
  type NursingStudent,
  perm,
  ROLE_FAMILIAR,
  type StudentNursing,
  todayIn,
  wallToInstant,
} from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { consentState } from "../consent/index.ts";
import { groupLabel, labelledStudents, studentFilter, supportAttachmentsOf } from "../external-support/index.ts";
import type { Viewer } from "../incidents/index.ts";
import { openableFile } from "../student-file/index.ts";
import { type NursingAccess, nursingAccess } from "./access.ts";
import * as config from "./config.repository.ts";
import * as medication from "./medication.repository.ts";
import {
  AUTHORIZATION_FILE,
  presentAdministration,
  presentAuthorization,
  presentField,
  presentProposal,
  presentRecord,
  presentVisit,
} from "./nursing.present.ts";
import * as records from "./record.repository.ts";
import * as visits from "./visits.repository.ts";

const SEARCH_LIMIT = 20;

export async function schoolTimeZone(tx: Tx, schoolId: string) {
  const [row] = await tx.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.tz ?? DEFAULT_TIME_ZONE;
}

/**
 * Reading nursing (issue 29 §4): the student's whole nursing file for its readers (nursingAccess: staff holding
 * nursing.read and the student's family), the health alert for the student's teachers, and the nurse's desk.
 */
export function createNursingReads(deps: { db: Db }) {
  const { db } = deps;

  /** The student's nursing file as this reader may see it; `access` is the reader's, already checked. */
  async function view(tx: Tx, viewer: Viewer, studentId: number, access: NursingAccess): Promise<StudentNursing> {
    const { schoolId } = viewer.tenant;
    const [record, fields, visitRows, authRows, doseRows, proposalRows, consent] = await Promise.all([
      records.recordOf(tx, schoolId, studentId),
      config.fieldsOf(tx, schoolId),
      visits.visitsOfStudent(tx, schoolId, studentId),
      medication.authorizationsOf(tx, schoolId, studentId),
      medication.administrationsOf(tx, schoolId, studentId),
      records.proposalsOf(tx, schoolId, studentId),
      consentState(tx, schoolId, studentId),
    ]);
    const [documents, names] = await Promise.all([
      supportAttachmentsOf(
        tx,
        schoolId,
        AUTHORIZATION_FILE,
        authRows.map((a) => a.a.id),
      ),
      records.namesOf(tx, [record?.updatedBy ?? null, ...proposalRows.flatMap((p) => [p.proposedBy, p.decidedBy])]),
    ]);
    const { student, family } = access;
    return {
      student,
      record: record ? presentRecord(record, names) : null,
      fields: fields.filter((f) => f.active || (record?.extra[String(f.id)] ?? "") !== "").map(presentField),
      // The nurse's notes on a visit are hers; the family reads the rest.
      visits: visitRows.map((v) => ({
        ...presentVisit(v, student, viewer.language),
        ...(family ? { notes: "" } : {}),
      })),
      authorizations: authRows.map((a) => presentAuthorization(a, documents)),
      administrations: doseRows.map(presentAdministration),
      proposals: proposalRows.map((p) => presentProposal(p, student, names)),
      consent_granted: consent.health,
      can_edit: !family && viewer.tenant.grants.has(perm("nursing", "update")),
      family,
    };
  }

  /** GET /api/students/:id/nursing: nursing.read staff (any student of the school) and the student's family. */
  async function forStudent(viewer: Viewer, studentId: number): Promise<StudentNursing> {
    const access = await nursingAccess(db, viewer, studentId);
    return view(db, viewer, studentId, access);
  }

  /**
   * What a teacher sees (issue 29 §4): the critical allergies and conditions and nothing else of the record — any
   * staff member who may open the student's file, or a nursing reader. A family reads the record itself (404 here).
   */
  async function alert(viewer: Viewer, studentId: number): Promise<HealthAlert> {
    if (viewer.tenant.profileName === ROLE_FAMILIAR) throw new AppError("NOT_FOUND");
    const student = viewer.tenant.grants.has(perm("nursing", "read"))
      ? (await nursingAccess(db, viewer, studentId)).student
      : await openableFile(db, viewer, studentId).then(({ row }) => ({
          id: row.id,
          name: row.name,
          group: groupLabel(row, viewer.language),
        }));
    const record = await records.recordOf(db, viewer.tenant.schoolId, studentId);
    return { student, items: record ? criticalItems(record) : [] };
  }

  /** The nurse's search: the school's students by name (at most 20), with the alert marker. */
  async function search(viewer: Viewer, q: string): Promise<NursingStudent[]> {
    const { schoolId } = viewer.tenant;
    const ids = (await studentFilter(db, schoolId, { q }))?.slice(0, SEARCH_LIMIT) ?? [];
    const [labelled, marked] = await Promise.all([
      labelledStudents(db, schoolId, ids, viewer.language),
      records.alertMarkers(db, schoolId, ids),
    ]);
    return [...labelled.values()]
      .map((s) => ({ ...s, has_alert: marked.has(s.id) }))
      .sort((a, b) => a.name.localeCompare(b.name, "es"));
  }

  /** The desk: today's visits on the school's clock, newest first, and the pending family proposals. */
  async function desk(viewer: Viewer): Promise<{ desk: NursingDesk; studentIds: number[] }> {
    const { schoolId } = viewer.tenant;
    const tz = await schoolTimeZone(db, schoolId);
    const today = todayIn(tz);
    const from = wallToInstant(`${today}T00:00`, tz)!;
    const to = wallToInstant(`${addDays(today, 1)}T00:00`, tz)!;
    const [visitRows, proposalRows] = await Promise.all([
      visits.visitsBetween(db, schoolId, from, to),
      records.pendingProposals(db, schoolId),
    ]);
    const studentIds = [...new Set([...visitRows.map((v) => v.v.studentId), ...proposalRows.map((p) => p.studentId)])];
    const [students, names] = await Promise.all([
      labelledStudents(db, schoolId, studentIds, viewer.language),
      records.namesOf(
        db,
        proposalRows.map((p) => p.proposedBy),
      ),
    ]);
    const who = (id: number) => students.get(id) ?? { id, name: `#${id}`, group: null };
    return {
      desk: {
        visits: visitRows.map((v) => presentVisit(v, who(v.v.studentId), viewer.language)),
        proposals: proposalRows.map((p) => presentProposal(p, who(p.studentId), names)),
      },
      studentIds,
    };
  }

  return { view, forStudent, alert, search, desk };
}

export type NursingReads = ReturnType<typeof createNursingReads>;
