import {
  RETENTION_CATEGORIES,
  type RetentionCategory,
  type RetentionStep,
  retentionDueOn,
  retentionStep,
} from "@convive/domain";
import type { Tx } from "../../db/client.ts";
import type { RetentionHold } from "../../lib/retention-holds.ts";
import { leftStudents, noticesOf, type SchoolPolicy } from "./retention.repository.ts";

export interface PlannedItem {
  studentId: number;
  student: string;
  category: RetentionCategory;
  dueOn: string;
  /** keep: told, waiting for its day (or the notice's days). */
  step: RetentionStep;
}

/**
 * What the daily job does today for one school: each category not yet anonymised of each student who left, through
 * the domain's rule (retentionStep) — told ahead, then anonymised, or held while any hold check keeps the student.
 * The holds are asked once, for the students due within the notice window.
 */
export async function planRetention(
  tx: Tx,
  schoolId: string,
  policy: SchoolPolicy,
  today: string,
  holds: readonly RetentionHold[],
): Promise<PlannedItem[]> {
  const left = await leftStudents(tx, schoolId);
  const notices = await noticesOf(tx, schoolId);
  const candidates: Omit<PlannedItem, "step">[] = [];
  for (const s of left) {
    for (const category of RETENTION_CATEGORIES) {
      if (s.done.has(category)) continue;
      const dueOn = retentionDueOn(s.leftOn, policy.years[category]);
      if (retentionStep({ dueOn, today, noticeDays: policy.noticeDays, noticedOn: null, held: false }) === "keep")
        continue;
      candidates.push({ studentId: s.id, student: s.name, category, dueOn });
    }
  }
  const ids = [...new Set(candidates.map((c) => c.studentId))];
  const held = new Set<number>();
  for (const hold of holds) for (const id of await hold.heldStudents(tx, schoolId, ids)) held.add(id);
  const planned: PlannedItem[] = [];
  for (const c of candidates) {
    const noticedOn = notices.get(`${c.studentId}:${c.category}:${c.dueOn}`) ?? null;
    const step = retentionStep({
      dueOn: c.dueOn,
      today,
      noticeDays: policy.noticeDays,
      noticedOn,
      held: held.has(c.studentId),
    });
    planned.push({ ...c, step });
  }
  return planned;
}
