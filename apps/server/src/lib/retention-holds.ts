import type { Tx } from "../db/client.ts";

/**
 * A hold on retention (issue 30 §5): nothing of a student is anonymised while one of these says so — an open
 * protocol, an open referral. Each is one module's statement, exported by its index.ts and listed in app.ts's
 * `retentionHolds`; the retention module knows none of them by name.
 */
export interface RetentionHold {
  /** A stable key, and the label the Director reads on the retention screen. */
  key: string;
  label: { es: string; en: string };
  /** Of `studentIds` (of `schoolId`), the ones this hold keeps today. One statement for the whole list. */
  heldStudents(tx: Tx, schoolId: string, studentIds: number[]): Promise<Set<number>>;
}
