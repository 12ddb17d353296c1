import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  familyLinks,
  formativeActionCompletions,
  formativeActions,
  incidentAttachments,
  incidents,
  incidentTimeline,
  parentMeetingAttendees,
  parentMeetings,
  students,
  users,
} from "../../db/schema/index.ts";
import { alphabetical, personName, shortName } from "../../lib/names.ts";
import { forSchool, ofSchool } from "../../lib/tenant-db.ts";
import { incidentsWhere, type Scope } from "./scope.ts";

/** Whether the incident is the school's and in the viewer's scope (the caller answers 404 otherwise). */
export async function incidentInScope(db: Tx, scope: Scope, id: number): Promise<boolean> {
  return (await incidentsInScope(db, scope, [id])).has(id);
}

/** The ones of some incidents that are the school's and in the viewer's scope, in one statement. */
export async function incidentsInScope(db: Tx, scope: Scope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(incidentsWhere(scope), inArray(incidents.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Some incidents of one school: the details read one incident or a page of them (the family's copy) alike. */
export interface IncidentKeys {
  schoolId: string;
  incidentIds: number[];
}

export function attachmentRows(db: Tx, { schoolId, incidentIds }: IncidentKeys) {
  return db
    .select({
      incidentId: incidentAttachments.incidentId,
      id: incidentAttachments.id,
      fileName: incidentAttachments.fileName,
      storedName: incidentAttachments.storedName,
      mimeType: incidentAttachments.mimeType,
      size: incidentAttachments.size,
      uploadedBy: incidentAttachments.uploadedBy,
      uploaderName: shortName(users),
      uploadedAt: incidentAttachments.createdAt,
    })
    .from(incidentAttachments)
    .innerJoin(users, eq(users.id, incidentAttachments.uploadedBy))
    .where(ofSchool(incidentAttachments, schoolId, inArray(incidentAttachments.incidentId, incidentIds)))
    .orderBy(asc(incidentAttachments.createdAt), asc(incidentAttachments.id));
}

const responsible = alias(users, "responsible");
const creator = alias(users, "creator");
const waiver = alias(users, "waiver");

export function actionRows(db: Tx, { schoolId, incidentIds }: IncidentKeys) {
  const a = formativeActions;
  return db
    .select({
      incidentId: a.incidentId,
      id: a.id,
      studentId: a.studentId,
      studentName: personName(students),
      guideline: a.guideline,
      responsibleId: a.responsibleId,
      responsibleName: shortName(responsible),
      startsOn: a.startsOn,
      endsOn: a.endsOn,
      repeat: a.repeat,
      notes: a.notes,
      waivedAt: a.waivedAt,
      waivedBy: a.waivedBy,
      waiverName: shortName(waiver),
      waiveReason: a.waiveReason,
      createdAt: a.createdAt,
      createdBy: a.createdBy,
      creatorName: shortName(creator),
    })
    .from(a)
    .innerJoin(students, ofSchool(students, a.schoolId, eq(students.id, a.studentId)))
    .innerJoin(responsible, eq(responsible.id, a.responsibleId))
    .innerJoin(creator, eq(creator.id, a.createdBy))
    .leftJoin(waiver, eq(waiver.id, a.waivedBy))
    .where(ofSchool(a, schoolId, inArray(a.incidentId, incidentIds)))
    .orderBy(asc(a.createdAt), asc(a.id));
}
export type ActionRow = Awaited<ReturnType<typeof actionRows>>[number];

export async function completionRows(db: Tx, schoolId: string, actionIds: number[]) {
  if (actionIds.length === 0) return [];
  const c = formativeActionCompletions;
  return db
    .select({
      actionId: c.actionId,
      on: c.occurrenceOn,
      completedAt: c.completedAt,
      completedBy: c.completedBy,
      completerName: shortName(users),
      note: c.note,
    })
    .from(c)
    .innerJoin(users, eq(users.id, c.completedBy))
    .where(ofSchool(c, schoolId, inArray(c.actionId, actionIds)));
}
export type CompletionRow = Awaited<ReturnType<typeof completionRows>>[number];

export function meetingRows(db: Tx, { schoolId, incidentIds }: IncidentKeys) {
  const m = parentMeetings;
  return db
    .select({
      incidentId: m.incidentId,
      id: m.id,
      scheduledAt: m.scheduledAt,
      mode: m.mode,
      place: m.place,
      meetingUrl: m.meetingUrl,
      status: m.status,
      agreements: m.agreements,
      minutes: m.minutes,
      createdBy: m.createdBy,
      creatorName: shortName(users),
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.createdBy))
    .where(ofSchool(m, schoolId, inArray(m.incidentId, incidentIds)))
    .orderBy(asc(m.scheduledAt), asc(m.id));
}
export type MeetingRow = Awaited<ReturnType<typeof meetingRows>>[number];

export async function attendeeRows(db: Tx, schoolId: string, meetingIds: number[]) {
  if (meetingIds.length === 0) return [];
  const p = parentMeetingAttendees;
  return db
    .select({ meetingId: p.meetingId, id: p.userId, name: shortName(users), kind: p.kind })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(ofSchool(p, schoolId, inArray(p.meetingId, meetingIds)))
    .orderBy(asc(p.kind), asc(alphabetical(users.firstName)), asc(alphabetical(users.paternalSurname)));
}

export function timelineRows(db: Tx, { schoolId, incidentIds }: IncidentKeys) {
  const t = incidentTimeline;
  return db
    .select({
      incidentId: t.incidentId,
      id: t.id,
      at: t.at,
      event: t.event,
      userId: t.userId,
      userName: shortName(users),
      details: t.details,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.userId))
    .where(ofSchool(t, schoolId, inArray(t.incidentId, incidentIds)))
    .orderBy(asc(t.at), asc(t.id));
}

/** The family members of some students: a family sees the meetings its own household attends. */
export async function householdOf(db: Tx, schoolId: string, studentIds: number[]): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const rows = await forSchool(db, schoolId)
    .pick(familyLinks, { userId: familyLinks.userId })
    .where(inArray(familyLinks.studentId, studentIds));
  return new Set(rows.map((r) => r.userId));
}
