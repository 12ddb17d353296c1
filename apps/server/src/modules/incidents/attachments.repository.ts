import { and, count, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentAttachments, incidents } from "../../db/schema/index.ts";

export async function countAttachments(tx: Tx, schoolId: string, incidentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(incidentAttachments)
    .where(and(eq(incidentAttachments.schoolId, schoolId), eq(incidentAttachments.incidentId, incidentId)));
  return row?.n ?? 0;
}

export async function insertAttachment(tx: Tx, values: typeof incidentAttachments.$inferInsert) {
  const [row] = await tx.insert(incidentAttachments).values(values).returning();
  return row!;
}

/**
 * Whether a member without incidents.update sees the incident (design §2 "own": recorded by them, or of a group
 * — the incident's or a student's at the time — they head or teach in any year). Decides 403 against 404.
 */
export async function seenAsOwn(tx: Tx, schoolId: string, incidentId: number, userId: number): Promise<boolean> {
  const mine = sql`(select g.id from groups g where g.school_id = ${schoolId} and g.head_teacher_id = ${userId}
    union select ta.group_id from teaching_assignments ta where ta.school_id = ${schoolId} and ta.user_id = ${userId})`;
  const [row] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .where(
      and(
        eq(incidents.schoolId, schoolId),
        eq(incidents.id, incidentId),
        sql`(${incidents.recordedBy} = ${userId} or ${incidents.groupId} in ${mine} or exists (
          select 1 from incident_students s where s.school_id = ${incidents.schoolId}
             and s.incident_id = ${incidents.id} and s.group_id in ${mine}))`,
      ),
    );
  return Boolean(row);
}
