import { perm } from "@convive/domain";
import { and, count, desc, eq, inArray, ne, or } from "drizzle-orm";
import {
  accompanimentObservations,
  formativeActions,
  incidents,
  observationTypes,
  parentMeetings,
} from "../../db/schema/index.ts";
import type { StudentFileSection } from "../../lib/student-file-section.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import {
  incidentsWhere,
  inStudentIds,
  observationsWhere,
  resolveObservationScope,
  resolveScope,
  type Viewer,
} from "../incidents/index.ts";
import { attends } from "./parent-meetings.repository.ts";

/**
 * The follow-up's sections of a student's file (issue 12 §1). Each counts exactly what its tab's list answers:
 * observations as `GET /api/accompaniment-observations?student_id=`, actions as
 * `GET /api/students/:id/formative-actions`, meetings as `GET /api/parent-meetings?student_id=`.
 */

const holds = (viewer: Viewer, ...grants: string[]) => grants.some((g) => viewer.tenant.grants.has(g));

export const observationsFileSection: StudentFileSection = {
  key: "observations",
  order: 20,
  async count(tx, viewer, studentId) {
    if (!holds(viewer, perm("accompaniment-observations", "read"), perm("incidents", "read"))) return null;
    const scope = await resolveObservationScope(tx, viewer);
    const o = accompanimentObservations;
    const [row] = await tx
      .select({ n: count() })
      .from(o)
      .where(and(observationsWhere(scope), eq(o.studentId, studentId)));
    return row?.n ?? 0;
  },
  async news(tx, viewer, studentIds, perStudent) {
    const scope = await resolveObservationScope(tx, viewer);
    const o = accompanimentObservations;
    const rows = await tx
      .select({
        id: o.id,
        studentId: o.studentId,
        on: o.observedOn,
        name_es: observationTypes.nameEs,
        name_en: observationTypes.nameEn,
      })
      .from(o)
      .innerJoin(observationTypes, sameSchool(observationTypes, o, eq(observationTypes.id, o.observationTypeId)))
      .where(and(observationsWhere(scope), inArray(o.studentId, [...studentIds])))
      .orderBy(desc(o.observedOn), desc(o.id))
      .limit(perStudent * studentIds.length);
    return rows.map((r) => ({
      studentId: r.studentId,
      kind: "observations",
      id: r.id,
      at: r.on,
      title_es: r.name_es,
      title_en: r.name_en || r.name_es,
      link: null,
    }));
  },
};

export const formativeActionsFileSection: StudentFileSection = {
  key: "formative-actions",
  order: 30,
  async count(tx, viewer, studentId) {
    if (!holds(viewer, perm("formative-actions", "read"), perm("incidents", "read"))) return null;
    const scope = await resolveScope(tx, viewer);
    const f = formativeActions;
    const visible =
      scope.kind === "family" ? incidentsWhere(scope) : or(incidentsWhere(scope), eq(f.responsibleId, viewer.userId));
    const [row] = await tx
      .select({ n: count() })
      .from(f)
      .innerJoin(incidents, ofSchool(incidents, f.schoolId, eq(incidents.id, f.incidentId)))
      .where(and(ofSchool(f, scope.schoolId, eq(f.studentId, studentId)), ne(incidents.status, "cancelled"), visible));
    return row?.n ?? 0;
  },
};

export const meetingsFileSection: StudentFileSection = {
  key: "meetings",
  order: 40,
  async count(tx, viewer, studentId) {
    if (!holds(viewer, perm("parent-meetings", "read"), perm("incidents", "read"))) return null;
    const scope = await resolveScope(tx, viewer);
    const m = parentMeetings;
    const [row] = await tx
      .select({ n: count() })
      .from(m)
      .innerJoin(incidents, ofSchool(incidents, m.schoolId, eq(incidents.id, m.incidentId)))
      .where(
        and(ofSchool(m, scope.schoolId), or(incidentsWhere(scope), attends(viewer.userId)), inStudentIds([studentId])),
      );
    return row?.n ?? 0;
  },
  async news(tx, viewer, studentIds, perStudent) {
    const scope = await resolveScope(tx, viewer);
    const m = parentMeetings;
    const rows = await tx
      .select({ id: m.id, at: m.scheduledAt, studentIds: incidents.studentIds, status: m.status })
      .from(m)
      .innerJoin(incidents, ofSchool(incidents, m.schoolId, eq(incidents.id, m.incidentId)))
      .where(
        and(ofSchool(m, scope.schoolId), or(incidentsWhere(scope), attends(viewer.userId)), inStudentIds(studentIds)),
      )
      .orderBy(desc(m.scheduledAt), desc(m.id))
      .limit(perStudent * studentIds.length);
    return rows.flatMap((r) =>
      r.studentIds
        .filter((id) => studentIds.includes(id))
        .map((studentId) => ({
          studentId,
          kind: "meetings",
          id: r.id,
          at: r.at.toISOString(),
          title_es: r.status === "scheduled" ? "Reunión con la familia" : "Reunión con la familia (registrada)",
          title_en: r.status === "scheduled" ? "Meeting with the family" : "Meeting with the family (recorded)",
          link: null,
        })),
    );
  },
};

/** The follow-up's sections, in the order their tabs appear. */
export const followUpFileSections = [observationsFileSection, formativeActionsFileSection, meetingsFileSection];
