import type { Classification, IncidentListItem, IncidentStatus, StudentRole } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { type IncidentRow, incidentRows, incidentStudentRows } from "./archive.repository.ts";
import { type Scope, seesStudent } from "./scope.ts";

export type IncidentStudent = IncidentListItem["students"][number];

/** An incident's row with its students as the viewer may see them. */
export interface LoadedIncident {
  row: IncidentRow;
  students: IncidentStudent[];
}

/**
 * Some incidents with their students, in the order of `ids` (two queries, whatever the page size). For a family,
 * students other than their own children keep only their role and group: id, name, enrollment and photo are
 * null, and they are listed after the children.
 */
export async function loadIncidents(db: Tx, scope: Scope, ids: readonly number[]): Promise<LoadedIncident[]> {
  const [rows, studentRows] = await Promise.all([
    incidentRows(db, scope.schoolId, ids),
    incidentStudentRows(db, scope.schoolId, ids),
  ]);
  const byIncident = new Map<number, IncidentStudent[]>();
  const hidden = new Map<number, IncidentStudent[]>();
  for (const s of studentRows) {
    const visible = seesStudent(scope, s.studentId);
    const target = visible ? byIncident : hidden;
    const list = target.get(s.incidentId) ?? [];
    target.set(s.incidentId, list);
    list.push({
      id: visible ? s.studentId : null,
      name: visible ? s.name : null,
      enrollment: visible ? s.enrollment : null,
      photo: visible ? s.photo : null,
      role: s.role as StudentRole,
      group_label: s.groupLabel,
    });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ row, students: [...(byIncident.get(id) ?? []), ...(hidden.get(id) ?? [])] }];
  });
}

/** Length of the detail shown in the archive's list. */
const EXCERPT = 200;

export function listItem({ row, students }: LoadedIncident): IncidentListItem {
  return {
    id: row.id,
    folio: row.folio,
    status: row.status as IncidentStatus,
    occurred_at: row.occurredAt.toISOString(),
    category: row.category,
    type: row.type,
    classification: row.classification as Classification,
    excerpt: row.detail.length > EXCERPT ? `${row.detail.slice(0, EXCERPT - 1)}…` : row.detail,
    place: row.place,
    group: row.groupId === null ? null : { id: row.groupId, label: row.groupLabel },
    subject: row.subjectId === null ? null : { id: row.subjectId, name: row.subjectName ?? "" },
    recorded_by: { id: row.recordedBy, name: row.recorderName },
    students,
  };
}
