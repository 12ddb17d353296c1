import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import {
  incidentAttachments,
  incidentProtocolSteps,
  incidentProtocols,
  memberships,
  profiles,
  protocolSteps,
  protocols,
  users,
} from "../../db/schema/index.ts";
import { personName } from "../../lib/names.ts";
import { forSchool, ofSchool, sameSchool } from "../../lib/tenant-db.ts";

export type IncidentProtocolRow = typeof incidentProtocols.$inferSelect;
export type StepRow = typeof incidentProtocolSteps.$inferSelect;

/** The protocol (active) and its steps in order, as the registration copies them. */
export async function definition(tx: Tx, schoolId: string, protocolId: number) {
  const [protocol] = await forSchool(tx, schoolId)
    .select(protocols)
    .where(eq(protocols.id, protocolId), eq(protocols.isActive, true));
  if (!protocol) return null;
  const steps = await forSchool(tx, schoolId)
    .select(protocolSteps)
    .where(eq(protocolSteps.protocolId, protocolId))
    .orderBy(asc(protocolSteps.position));
  return { protocol, steps };
}

/** The school's Director: the first active member with the Director's profile (by user id), or null. */
export async function directorsOf(tx: Tx, schoolId: string): Promise<number[]> {
  const rows = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(profiles, sameSchool(profiles, memberships, eq(profiles.id, memberships.profileId)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      ofSchool(
        memberships,
        schoolId,
        eq(memberships.isActive, true),
        eq(users.isActive, true),
        sql`(${profiles.templateKey} = 'director' or ${profiles.name} = 'Director')`,
      ),
    )
    .orderBy(asc(memberships.userId));
  return rows.map((r) => r.id);
}

export async function insertProtocol(tx: Tx, values: typeof incidentProtocols.$inferInsert) {
  const [row] = await tx.insert(incidentProtocols).values(values).returning();
  return row!;
}

export async function insertSteps(tx: Tx, values: (typeof incidentProtocolSteps.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(incidentProtocolSteps).values(values).returning();
}

export async function protocolOf(tx: Tx, schoolId: string, incidentId: number) {
  const [row] = await forSchool(tx, schoolId)
    .select(incidentProtocols)
    .where(eq(incidentProtocols.incidentId, incidentId));
  return row;
}

const responsible = alias(users, "responsible");
const doer = alias(users, "doer");

/** An incident's steps in order, with the names of their responsible and of who did or waived them. */
export function stepsOf(tx: Tx, schoolId: string, incidentId: number) {
  return tx
    .select({
      step: incidentProtocolSteps,
      responsibleName: personName(responsible),
      doneByName: personName(doer),
    })
    .from(incidentProtocolSteps)
    .leftJoin(responsible, eq(responsible.id, incidentProtocolSteps.responsibleId))
    .leftJoin(doer, eq(doer.id, incidentProtocolSteps.doneBy))
    .where(ofSchool(incidentProtocolSteps, schoolId, eq(incidentProtocolSteps.incidentId, incidentId)))
    .orderBy(asc(incidentProtocolSteps.position));
}

/** One step of the incident, locked for the rest of the transaction. */
export async function lockStep(tx: Tx, schoolId: string, incidentId: number, stepId: number) {
  const [row] = await forSchool(tx, schoolId)
    .select(incidentProtocolSteps)
    .where(eq(incidentProtocolSteps.incidentId, incidentId), eq(incidentProtocolSteps.id, stepId))
    .for("update");
  return row;
}

export async function updateStep(tx: Tx, schoolId: string, stepId: number, patch: Partial<StepRow>) {
  const [row] = await forSchool(tx, schoolId)
    .update(incidentProtocolSteps, patch)
    .where(eq(incidentProtocolSteps.id, stepId))
    .returning();
  return row!;
}

/** Steps neither done nor waived, in order. */
export function pendingSteps(tx: Tx, schoolId: string, incidentId: number) {
  return forSchool(tx, schoolId)
    .select(incidentProtocolSteps)
    .where(eq(incidentProtocolSteps.incidentId, incidentId), eq(incidentProtocolSteps.status, "pending"))
    .orderBy(asc(incidentProtocolSteps.position));
}

/** Marks the incident's protocol completed once no step is pending; true when this call did it. */
export async function completeIfDone(tx: Tx, schoolId: string, incidentId: number) {
  const rows = await forSchool(tx, schoolId)
    .update(incidentProtocols, { status: "completed", completedAt: new Date() })
    .where(
      eq(incidentProtocols.incidentId, incidentId),
      eq(incidentProtocols.status, "open"),
      sql`not exists (select 1 from ${incidentProtocolSteps} s where s.school_id = ${schoolId}
            and s.incident_id = ${incidentId} and s.status = 'pending')`,
    )
    .returning({ id: incidentProtocols.id });
  return rows.length > 0;
}

/**
 * The attachments of some incidents that are a protocol step's evidence (a written report to the director, the
 * investigation's notes): the school's internal work, which a family never sees or downloads (issue 30 §2).
 */
export async function protocolEvidenceIds(tx: Tx, schoolId: string, incidentIds: readonly number[]) {
  if (incidentIds.length === 0) return new Set<number>();
  const rows = await forSchool(tx, schoolId)
    .pick(incidentProtocolSteps, { ids: incidentProtocolSteps.attachmentIds })
    .where(inArray(incidentProtocolSteps.incidentId, [...incidentIds]));
  return new Set(rows.flatMap((r) => r.ids));
}

/** The incident's attachments among `ids` (evidence must be the incident's own files). */
export async function attachmentsOf(tx: Tx, schoolId: string, incidentId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return forSchool(tx, schoolId)
    .pick(incidentAttachments, { id: incidentAttachments.id, fileName: incidentAttachments.fileName })
    .where(eq(incidentAttachments.incidentId, incidentId), inArray(incidentAttachments.id, [...ids]));
}

/**
 * Claims a step for its overdue notice: pending, past its deadline and not yet notified. The statement that picks
 * it sets `overdue_notified_at`, so a rerun or a second instance never notifies twice.
 */
export async function claimOverdue(tx: Tx, schoolId: string, stepId: number) {
  const [row] = await forSchool(tx, schoolId)
    .update(incidentProtocolSteps, { overdueNotifiedAt: new Date() })
    .where(
      eq(incidentProtocolSteps.id, stepId),
      eq(incidentProtocolSteps.status, "pending"),
      isNull(incidentProtocolSteps.overdueNotifiedAt),
      sql`${incidentProtocolSteps.dueAt} <= now()`,
    )
    .returning();
  return row;
}
