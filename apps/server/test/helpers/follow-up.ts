import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";
import {
  formativeActions,
  incidentStudents,
  incidents,
  incidentTimeline,
  notifications,
  parentMeetings,
} from "../../src/db/schema/index.ts";
import { refreshGroupIds } from "../../src/modules/incidents/registration.repository.ts";
import type { IncidentSchool } from "./incidents.ts";

/** A day relative to today in the school's time zone (the server measures "today" and "overdue" there). */
export function schoolDay(offsetDays = 0, timeZone = "America/Mexico_City") {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

let folios = 0;

/**
 * An incident inserted directly (registration has its own API and tests): by default about a1 in group A,
 * recorded by the Director, open and shown to families.
 */
export async function insertIncident(
  db: Db,
  s: IncidentSchool,
  opts: {
    students?: { id: number; groupId: number | null }[];
    recordedBy?: number;
    groupId?: number | null;
    status?: "open" | "closed" | "cancelled";
    visibleToFamily?: boolean;
  } = {},
) {
  const schoolId = s.school.id;
  const [row] = await db
    .insert(incidents)
    .values({
      schoolId,
      folio: 1000 + ++folios,
      schoolYearId: s.year.id,
      periodId: s.period.id,
      categoryId: s.category.id,
      typeId: s.type.id,
      classification: "serious",
      points: 5,
      detail: "Insultó a un compañero durante el recreo.",
      place: "Patio",
      occurredAt: new Date(Date.now() - 3_600_000),
      groupId: opts.groupId === undefined ? s.groupA.id : opts.groupId,
      subjectId: null,
      visibleToFamily: opts.visibleToFamily ?? true,
      status: opts.status ?? "open",
      recordedBy: opts.recordedBy ?? s.director.user.id,
    })
    .returning();
  const list = opts.students ?? [{ id: s.a1.id, groupId: s.groupA.id }];
  await db
    .insert(incidentStudents)
    .values(
      list.map((st) => ({ schoolId, incidentId: row!.id, studentId: st.id, role: "involved", groupId: st.groupId })),
    );
  await refreshGroupIds(db, schoolId, row!.id);
  return row!;
}

export const setStatus = (db: Db, s: IncidentSchool, id: number, status: string) =>
  db
    .update(incidents)
    .set({ status })
    .where(and(eq(incidents.schoolId, s.school.id), eq(incidents.id, id)));

export async function timelineOf(db: Db, s: IncidentSchool, incidentId: number) {
  return db
    .select({ event: incidentTimeline.event, userId: incidentTimeline.userId, details: incidentTimeline.details })
    .from(incidentTimeline)
    .where(and(eq(incidentTimeline.schoolId, s.school.id), eq(incidentTimeline.incidentId, incidentId)))
    .orderBy(incidentTimeline.id);
}

/** Row counts of everything follow-up writes in the school, to prove a refused call changed nothing. */
export async function followUpCounts(db: Db, s: IncidentSchool) {
  const n = async (table: string) => {
    const res = (await db.execute(
      sql`select count(*)::int as n from ${sql.raw(table)} where school_id = ${s.school.id}`,
    )) as unknown as { rows: { n: number }[] };
    return res.rows[0]!.n;
  };
  const tables = [
    "formative_actions",
    "formative_action_completions",
    "parent_meetings",
    "parent_meeting_attendees",
    "accompaniment_observations",
    "incident_timeline",
    "notifications",
  ] as const;
  const out = {} as Record<(typeof tables)[number], number>;
  for (const table of tables) out[table] = await n(table);
  const [actions] = await db
    .select({
      sum: sql<string>`coalesce(string_agg(${formativeActions}::text, '|' order by ${formativeActions.id}), '')`,
    })
    .from(formativeActions)
    .where(eq(formativeActions.schoolId, s.school.id));
  const [meetings] = await db
    .select({ sum: sql<string>`coalesce(string_agg(${parentMeetings}::text, '|' order by ${parentMeetings.id}), '')` })
    .from(parentMeetings)
    .where(eq(parentMeetings.schoolId, s.school.id));
  return { ...out, actions: actions!.sum, meetings: meetings!.sum };
}

export async function notificationsOf(db: Db, s: IncidentSchool, userId: number) {
  return db
    .select({ type: notifications.type, params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.schoolId, s.school.id), eq(notifications.userId, userId)))
    .orderBy(notifications.id);
}

export async function nextDueOn(db: Db, s: IncidentSchool, actionId: number) {
  const [row] = await db
    .select({ next: formativeActions.nextDueOn })
    .from(formativeActions)
    .where(and(eq(formativeActions.schoolId, s.school.id), eq(formativeActions.id, actionId)));
  return row?.next ?? null;
}
