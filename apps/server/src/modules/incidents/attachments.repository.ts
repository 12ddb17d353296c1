import { and, count, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentAttachments, incidents } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";
import { incidentsWhere, resolveScope, type Viewer } from "./scope.ts";

export async function countAttachments(tx: Tx, schoolId: string, incidentId: number): Promise<number> {
  const [row] = await forSchool(tx, schoolId)
    .pick(incidentAttachments, { n: count() })
    .where(eq(incidentAttachments.incidentId, incidentId));
  return row?.n ?? 0;
}

export async function insertAttachment(tx: Tx, values: typeof incidentAttachments.$inferInsert) {
  const [row] = await tx.insert(incidentAttachments).values(values).returning();
  return row!;
}

/** Whether the viewer sees the incident under their data scope (decides 403 against 404). */
export async function seenBy(tx: Tx, viewer: Viewer, incidentId: number): Promise<boolean> {
  const scope = await resolveScope(tx, viewer);
  const [row] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(eq(incidents.id, incidentId), incidentsWhere(scope)));
  return Boolean(row);
}
