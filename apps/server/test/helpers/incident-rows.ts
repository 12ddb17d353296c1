import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import {
  formativeActionCompletions,
  formativeActions,
  incidentCounters,
  incidentStudents,
  incidents,
  incidentTimeline,
  parentMeetingAttendees,
  parentMeetings,
} from "../../src/db/schema/index.ts";
import { refreshGroupIds } from "../../src/modules/incidents/registration.repository.ts";
import type { IncidentSchool } from "./incidents.ts";

export const daysAgo = (days: number, hour = 15) => {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

export interface IncidentSeed {
  students: { id: number; role?: "involved" | "affected" | "witness"; groupId: number | null }[];
  recordedBy: number;
  groupId?: number | null;
  subjectId?: number | null;
  occurredAt?: Date;
  status?: "open" | "closed" | "cancelled";
  visibleToFamily?: boolean;
  typeId?: number;
  categoryId?: number;
  classification?: string;
  detail?: string;
  place?: string | null;
  closedBy?: number;
  closingNote?: string;
  cancelledBy?: number;
  cancelReason?: string;
}

/**
 * Incidents written straight into the tables (no API), so archive and details tests depend on nothing but the
 * schema. Folios come from incident_counters like the registration's, so both can be mixed in one school.
 */
export async function insertIncident(db: Db, s: IncidentSchool, seed: IncidentSeed) {
  const schoolId = s.school.id;
  const [counter] = await db
    .insert(incidentCounters)
    .values({ schoolId, lastFolio: 1 })
    .onConflictDoUpdate({
      target: incidentCounters.schoolId,
      set: { lastFolio: sql`${incidentCounters.lastFolio} + 1` },
    })
    .returning();
  const occurredAt = seed.occurredAt ?? daysAgo(1);
  const status = seed.status ?? "open";
  const [row] = await db
    .insert(incidents)
    .values({
      schoolId,
      folio: counter!.lastFolio,
      schoolYearId: s.year.id,
      periodId: s.period.id,
      categoryId: seed.categoryId ?? s.category.id,
      typeId: seed.typeId ?? s.type.id,
      classification: seed.classification ?? "serious",
      points: 5,
      detail: seed.detail ?? "Insultó a un compañero durante el recreo.",
      place: seed.place === undefined ? "Patio" : seed.place,
      occurredAt,
      groupId: seed.groupId === undefined ? (seed.students[0]?.groupId ?? null) : seed.groupId,
      subjectId: seed.subjectId ?? null,
      visibleToFamily: seed.visibleToFamily ?? true,
      status,
      recordedBy: seed.recordedBy,
      closedAt: status === "closed" ? new Date(occurredAt.getTime() + 3_600_000) : null,
      closedBy: status === "closed" ? (seed.closedBy ?? seed.recordedBy) : null,
      closingNote: status === "closed" ? (seed.closingNote ?? "Se habló con las familias.") : null,
      cancelledAt: status === "cancelled" ? new Date(occurredAt.getTime() + 3_600_000) : null,
      cancelledBy: status === "cancelled" ? (seed.cancelledBy ?? seed.recordedBy) : null,
      cancelReason: status === "cancelled" ? (seed.cancelReason ?? "Registro duplicado") : null,
    })
    .returning();
  await db.insert(incidentStudents).values(
    seed.students.map((st) => ({
      schoolId,
      incidentId: row!.id,
      studentId: st.id,
      role: st.role ?? "involved",
      groupId: st.groupId,
    })),
  );
  await refreshGroupIds(db, schoolId, row!.id);
  await db.insert(incidentTimeline).values({
    schoolId,
    incidentId: row!.id,
    event: "created",
    userId: seed.recordedBy,
    details: { folio: row!.folio },
    at: occurredAt,
  });
  return row!;
}

export async function insertAction(
  db: Db,
  s: IncidentSchool,
  values: {
    incidentId: number;
    studentId: number;
    responsibleId: number;
    startsOn: string;
    endsOn?: string | null;
    repeat?: "none" | "daily" | "weekly";
    completed?: string[];
    waivedBy?: number;
  },
) {
  const schoolId = s.school.id;
  const [action] = await db
    .insert(formativeActions)
    .values({
      schoolId,
      incidentId: values.incidentId,
      studentId: values.studentId,
      guideline: "Diálogo reflexivo con el estudiante",
      responsibleId: values.responsibleId,
      startsOn: values.startsOn,
      endsOn: values.endsOn ?? null,
      repeat: values.repeat ?? "none",
      createdBy: s.director.user.id,
      waivedAt: values.waivedBy ? new Date() : null,
      waivedBy: values.waivedBy ?? null,
      waiveReason: values.waivedBy ? "Cambio de escuela" : null,
    })
    .returning();
  for (const on of values.completed ?? []) {
    await db
      .insert(formativeActionCompletions)
      .values({ schoolId, actionId: action!.id, occurrenceOn: on, completedBy: values.responsibleId, note: "Hecho" });
  }
  await db.insert(incidentTimeline).values({
    schoolId,
    incidentId: values.incidentId,
    event: "action-created",
    userId: s.director.user.id,
    details: { action_id: action!.id, student_id: values.studentId, guideline: action!.guideline },
  });
  return action!;
}

export async function insertMeeting(
  db: Db,
  s: IncidentSchool,
  values: { incidentId: number; attendees: { userId: number; kind: "family" | "staff" }[] },
) {
  const schoolId = s.school.id;
  const [meeting] = await db
    .insert(parentMeetings)
    .values({
      schoolId,
      incidentId: values.incidentId,
      scheduledAt: daysAgo(-2, 16),
      place: "Dirección",
      agreements: "Seguimiento semanal",
      createdBy: s.director.user.id,
    })
    .returning();
  if (values.attendees.length) {
    await db
      .insert(parentMeetingAttendees)
      .values(values.attendees.map((a) => ({ schoolId, meetingId: meeting!.id, userId: a.userId, kind: a.kind })));
  }
  await db.insert(incidentTimeline).values({
    schoolId,
    incidentId: values.incidentId,
    event: "meeting-scheduled",
    userId: s.director.user.id,
    details: { meeting_id: meeting!.id, scheduled_at: meeting!.scheduledAt.toISOString() },
  });
  return meeting!;
}
