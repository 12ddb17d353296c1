import { count, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { formativeActions } from "../../db/schema/index.ts";
import { pendingActions } from "./registration.repository.ts";

export async function countPendingActions(tx: Tx, schoolId: string, incidentId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(formativeActions).where(pendingActions(schoolId, incidentId));
  return row?.n ?? 0;
}

/** Waives every pending action of the incident (nothing is due any more); returns the ones it waived. */
export function waivePendingActions(tx: Tx, schoolId: string, incidentId: number, userId: number, reason: string) {
  return tx
    .update(formativeActions)
    .set({ waivedAt: sql`now()`, waivedBy: userId, waiveReason: reason, nextDueOn: null })
    .where(pendingActions(schoolId, incidentId))
    .returning({ id: formativeActions.id, studentId: formativeActions.studentId });
}
