import { ESCALATION_DEFAULT_DAYS } from "@convive/domain";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { strategicVisionSettings } from "../../db/schema/index.ts";

/** After how many days an open incident escalates (the default while the school has not set it). */
export async function escalationDays(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx
    .select({ days: strategicVisionSettings.escalateAfterDays })
    .from(strategicVisionSettings)
    .where(eq(strategicVisionSettings.schoolId, schoolId));
  return row?.days ?? ESCALATION_DEFAULT_DAYS;
}

export async function saveEscalationDays(tx: Tx, schoolId: string, days: number): Promise<number> {
  const [row] = await tx
    .insert(strategicVisionSettings)
    .values({ schoolId, escalateAfterDays: days })
    .onConflictDoUpdate({
      target: strategicVisionSettings.schoolId,
      set: { escalateAfterDays: days, updatedAt: sql`now()` },
    })
    .returning({ days: strategicVisionSettings.escalateAfterDays });
  return row!.days;
}
