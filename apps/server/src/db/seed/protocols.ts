import { type DeadlineRule, stepDeadline } from "@convive/domain";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  incidentProtocolSteps,
  incidentProtocols,
  incidents,
  incidentTimeline,
  incidentTypes,
  memberships,
  notifications,
  profiles,
  protocolSteps,
  protocols,
  schools,
} from "../schema/index.ts";

const HOUR = 3_600_000;
const NOTES = [
  "Se separó a los estudiantes y se informó a sus docentes.",
  "Informe por escrito entregado a dirección.",
  "Entrevistas con los estudiantes y dos testigos.",
  "Reunión con la familia del estudiante afectado; se acordó seguimiento semanal.",
  "Reunión con la familia del otro estudiante, por separado.",
  "Diagnóstico del grupo con la orientadora.",
  "Respuesta por escrito entregada a la familia.",
];

type Step = typeof incidentProtocolSteps.$inferInsert;

/**
 * Every incident of a type that follows a protocol runs it (issue 30 §2), as registration would have started it:
 * closed ones with every step done before the close, cancelled ones with the rest waived, open ones with the steps
 * whose deadline has passed done — except on the newest open one at least four days old, where the second step was
 * done late and the later ones past their deadline are overdue, their responsible (the Director) notified. Steps
 * still ahead have no overdue job (the seed runs before the job runner): a demo left running for days shows them
 * overdue on the screen without a notice. So the details, the PDF and the overdue notice have something
 * to show from the first start. The steps' evidence and notes are staff-only, as the app keeps them.
 */
export async function seedProtocols(tx: Tx, schoolId: string) {
  const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  const [director] = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(profiles, and(eq(profiles.schoolId, memberships.schoolId), eq(profiles.id, memberships.profileId)))
    .where(and(eq(memberships.schoolId, schoolId), eq(profiles.templateKey, "director")))
    .orderBy(asc(memberships.userId))
    .limit(1);
  const types = await tx
    .select({ id: incidentTypes.id, protocolId: incidentTypes.protocolId })
    .from(incidentTypes)
    .where(and(eq(incidentTypes.schoolId, schoolId), isNotNull(incidentTypes.protocolId)));
  if (!school || !director || types.length === 0) return;
  const protocolOf = new Map(types.map((t) => [t.id, t.protocolId as number]));
  const ids = [...new Set(protocolOf.values())];
  const [defs, defSteps, rows] = await Promise.all([
    tx
      .select()
      .from(protocols)
      .where(and(eq(protocols.schoolId, schoolId), inArray(protocols.id, ids))),
    tx
      .select()
      .from(protocolSteps)
      .where(and(eq(protocolSteps.schoolId, schoolId), inArray(protocolSteps.protocolId, ids)))
      .orderBy(asc(protocolSteps.position)),
    tx
      .select()
      .from(incidents)
      .where(and(eq(incidents.schoolId, schoolId), inArray(incidents.typeId, [...protocolOf.keys()])))
      .orderBy(desc(incidents.createdAt)),
  ]);
  const now = Date.now();
  // Four days: its third step (three school days) is past its deadline whatever the weekday.
  const newestOpen = rows.find((r) => r.status === "open" && r.createdAt.getTime() < now - 4 * 24 * HOUR);
  let notices = 0;

  for (const incident of rows) {
    const protocolId = protocolOf.get(incident.typeId) as number;
    const def = defs.find((d) => d.id === protocolId);
    const steps = defSteps.filter((s) => s.protocolId === protocolId);
    if (!def || steps.length === 0) continue;
    const start = incident.createdAt;
    const endedAt = incident.closedAt ?? incident.cancelledAt;
    const story = incident.id === newestOpen?.id;
    const planned: Step[] = steps.map((s, i) => {
      const dueAt = stepDeadline(start, { kind: s.deadlineKind, amount: s.deadlineAmount } as DeadlineRule, timeZone());
      const base: Step = {
        schoolId,
        incidentProtocolId: 0,
        incidentId: incident.id,
        position: s.position,
        nameEs: s.nameEs,
        nameEn: s.nameEn,
        deadlineKind: s.deadlineKind,
        deadlineAmount: s.deadlineAmount,
        dueAt,
        responsibleId: director.id,
      };
      // On time: two hours before the deadline, never before the start nor after the close.
      const onTime = new Date(Math.max(start.getTime() + (i + 1) * HOUR, dueAt.getTime() - 2 * HOUR));
      if (incident.status === "closed" && endedAt) {
        const at = new Date(Math.min(onTime.getTime(), endedAt.getTime() - HOUR));
        return { ...base, status: "done", note: NOTES[i % NOTES.length], doneAt: at, doneBy: director.id };
      }
      if (dueAt.getTime() >= now) {
        if (incident.status === "cancelled" && endedAt) {
          return { ...base, status: "waived", note: incident.cancelReason, doneAt: endedAt, doneBy: director.id };
        }
        return base;
      }
      if (story && i === 1) {
        const late = new Date(Math.min(dueAt.getTime() + 3 * HOUR, now - HOUR));
        return { ...base, status: "done", note: NOTES[i % NOTES.length], doneAt: late, doneBy: director.id };
      }
      if (story && i > 1) return { ...base, overdueNotifiedAt: dueAt };
      return { ...base, status: "done", note: NOTES[i % NOTES.length], doneAt: onTime, doneBy: director.id };
    });
    const open = planned.some((s) => (s.status ?? "pending") === "pending");
    const lastDone = planned.reduce((at, s) => Math.max(at, s.doneAt?.getTime() ?? 0), start.getTime());
    const [row] = await tx
      .insert(incidentProtocols)
      .values({
        schoolId,
        incidentId: incident.id,
        protocolId,
        nameEs: def.nameEs,
        nameEn: def.nameEn,
        status: open ? "open" : "completed",
        startedAt: start,
        completedAt: open ? null : new Date(lastDone),
      })
      .returning({ id: incidentProtocols.id });
    const inserted = await tx
      .insert(incidentProtocolSteps)
      .values(planned.map((s) => ({ ...s, incidentProtocolId: row!.id })))
      .returning();
    const event = (s: (typeof inserted)[number]) => ({
      step_id: s.id,
      position: s.position,
      name_es: s.nameEs,
      name_en: s.nameEn,
      due_at: s.dueAt.toISOString(),
    });
    const timeline: (typeof incidentTimeline.$inferInsert)[] = [
      {
        schoolId,
        incidentId: incident.id,
        event: "protocol.started",
        userId: incident.recordedBy,
        details: { protocol_es: def.nameEs, protocol_en: def.nameEn, steps: inserted.map(event) },
        at: start,
      },
    ];
    for (const s of inserted) {
      if (s.status === "done" && s.doneAt) {
        timeline.push({
          schoolId,
          incidentId: incident.id,
          event: "protocol.step-completed",
          userId: director.id,
          details: { ...event(s), late: s.doneAt > s.dueAt, evidence: 0 },
          at: s.doneAt,
        });
      } else if (s.status === "waived" && s.doneAt) {
        timeline.push({
          schoolId,
          incidentId: incident.id,
          event: "protocol.step-waived",
          userId: director.id,
          details: event(s),
          at: s.doneAt,
        });
      } else if (s.overdueNotifiedAt) {
        timeline.push({
          schoolId,
          incidentId: incident.id,
          event: "protocol.step-overdue",
          userId: null,
          details: { ...event(s), responsible_id: s.responsibleId },
          at: s.dueAt,
        });
        notices++;
        await tx.insert(notifications).values({
          schoolId,
          userId: director.id,
          type: "protocol.step-overdue",
          params: { step: s.nameEs, step_en: s.nameEn ?? s.nameEs, folio: incident.folio },
          link: `/incident-details?id=${incident.id}`,
          createdAt: s.dueAt,
        });
      }
    }
    if (!open) {
      timeline.push({
        schoolId,
        incidentId: incident.id,
        event: "protocol.completed",
        userId: director.id,
        details: {},
        at: new Date(lastDone),
      });
    }
    await tx.insert(incidentTimeline).values(timeline);
  }
  if (notices > 0) {
    // The overdue notices are unread: the bell's count follows them, as the notifications module keeps it.
    await tx
      .update(memberships)
      .set({ unviewedNotificationsCount: sql`${memberships.unviewedNotificationsCount} + ${notices}` })
      .where(and(eq(memberships.schoolId, schoolId), eq(memberships.userId, director.id)));
  }

  function timeZone() {
    return school?.timeZone ?? "America/Mexico_City";
  }
}
