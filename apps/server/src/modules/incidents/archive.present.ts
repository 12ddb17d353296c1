import type { Classification, IncidentListItem, IncidentStatus, Language, StudentRole } from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import { type IncidentRow, incidentRows, incidentStudentRows } from "./archive.repository.ts";
import { redactorOf } from "./redaction.ts";
import { type Scope, seesStudent } from "./scope.ts";

export type IncidentStudent = IncidentListItem["students"][number];

/** An incident's row with its students as the viewer may see them. */
export interface LoadedIncident {
  row: IncidentRow;
  students: IncidentStudent[];
  /** Every student of the incident, withheld ones too: for the server's own use (redaction), never sent. */
  studentIds: number[];
}

/**
 * Some incidents with their students, in the order of `ids` (two queries, whatever the page size). For a family,
 * students other than their own children keep only their role and group: id, name, enrollment and photo are
 * null, and they are listed after the children;. The text written by staff comes as written — what a family
 * reads of it passes lib/family-reader.ts at the boundary (the JSON hook, the PDF and the XLSX export) — except
 * a family's detail, read through the family reader here: the excerpt is cut from it, and a cut could split a
 * name the reader would then miss ("Andrea Alvara…").
 */
export async function loadIncidents(
  db: Tx,
  scope: Scope,
  ids: readonly number[],
  /** The reader's language, for group labels (issue 12 §6). */
  language: Language = "es",
): Promise<LoadedIncident[]> {
  if (ids.length === 0) return [];
  const [rows, studentRows, redactor] = await Promise.all([
    incidentRows(db, scope.schoolId, ids, language),
    incidentStudentRows(db, scope.schoolId, ids, language),
    redactorOf(db, scope),
  ]);
  const byIncident = new Map<number, IncidentStudent[]>();
  const hidden = new Map<number, IncidentStudent[]>();
  const studentIds = new Map<number, number[]>();
  for (const s of studentRows) {
    const all = studentIds.get(s.incidentId) ?? [];
    studentIds.set(s.incidentId, all);
    all.push(s.studentId);
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
    const all = studentIds.get(id) ?? [];
    const students = [...(byIncident.get(id) ?? []), ...(hidden.get(id) ?? [])];
    const readable = redactor.active ? { ...row, detail: redactor.text(row.detail, all) } : row;
    return [{ row: readable, students, studentIds: all }];
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
