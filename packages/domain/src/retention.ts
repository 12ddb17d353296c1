/**
 * Retention (issue 30 §5): how long a school keeps each category of a student's records after the student leaves
 * (withdrawn or graduated: `students.left_on`), and the rule the daily job applies. Pure, shared by server and web.
 *
 * Defaults, and why (docs/architecture.md "Retention" says the same):
 * - incidents with their formative actions, meetings and evidence, observations, external support, inclusion: 5 years
 *   — the school's disciplinary and support file outlives a complaint, a transfer or a review by the education
 *   authority; five years is the practice the issue names.
 * - nursing: 5 years, and never fewer — LFPDPPP art. 11 keeps personal data only as long as the purpose needs, and
 *   the health practice (NOM-004-SSA3-2012 §5.4, the clinical record kept at least five years from the last act) sets
 *   the floor the school cannot go under.
 * - messages, forms answers: 2 years — day-to-day correspondence; its only later use is a dispute soon after leaving.
 * - read log: 5 years — the log is the family's evidence of who opened their child's records (ARCO access).
 * - the student's profile (names, CURP, birthday, address, photo): 5 years.
 */
import { addDays } from "./school-time.ts";

export const RETENTION_CATEGORIES = [
  "incidents",
  "observations",
  "messages",
  "external_support",
  "inclusion",
  "nursing",
  "forms",
  "read_log",
  "profile",
] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

export const RETENTION_MAX_YEARS = 30;
/** Per category: the default years and the fewest a school may set. */
export const RETENTION_RULES: Record<RetentionCategory, { years: number; min: number }> = {
  incidents: { years: 5, min: 1 },
  observations: { years: 5, min: 1 },
  messages: { years: 2, min: 1 },
  external_support: { years: 5, min: 1 },
  inclusion: { years: 5, min: 1 },
  nursing: { years: 5, min: 5 },
  forms: { years: 2, min: 1 },
  read_log: { years: 5, min: 1 },
  profile: { years: 5, min: 1 },
};

/** How many days ahead the Director is told what will be anonymised (default, and the range a school may set). */
export const RETENTION_NOTICE_DAYS = 30;
export const RETENTION_NOTICE_MIN = 7;
export const RETENTION_NOTICE_MAX = 90;

/** The day a category of a student's records expires: `years` after the day they left (29 Feb → 28 Feb). */
export function retentionDueOn(leftOn: string, years: number): string {
  const [y, m, d] = leftOn.slice(0, 10).split("-").map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(m)}-${pad(Math.min(d, last))}`;
}

export type RetentionStep = "keep" | "held" | "notify" | "anonymise";

/**
 * What the daily job does today with one category of one student who left:
 * - `keep` — not due within the notice window, or noticed but its day (or the notice's N days) not reached;
 * - `held` — due or about to be, but a hold applies (an open protocol or referral): nothing happens, no notice;
 * - `notify` — due within `noticeDays` and the Director not yet told of this due day;
 * - `anonymise` — due, and the Director was told at least `noticeDays` before today. A period shortened to the
 *   past is therefore anonymised `noticeDays` after the notice, never without one.
 */
export function retentionStep(input: {
  dueOn: string;
  today: string;
  noticeDays: number;
  /** The day the Director was told of this due day; null if not yet. */
  noticedOn: string | null;
  held: boolean;
}): RetentionStep {
  const { dueOn, today, noticeDays, noticedOn, held } = input;
  if (addDays(today, noticeDays) < dueOn) return "keep";
  if (held) return "held";
  if (noticedOn === null) return "notify";
  const after = addDays(noticedOn, noticeDays);
  return today >= dueOn && today >= after ? "anonymise" : "keep";
}
