import type { IncidentDetail } from "@convive/domain";

/** What every part of the details view reads: the incident and how to show it to this reader. */
export interface DetailView {
  incident: IncidentDetail;
  /** The school's zone: times read as on the school's clock. */
  timeZone: string;
  /** The school's date today (YYYY-MM-DD). */
  today: string;
  lang: string;
  userId: number | null;
  permissions: readonly string[];
  /** A Familiar: read-only, only their own children. */
  family: boolean;
  /** Fetches the incident again after a change. */
  refresh: () => Promise<unknown>;
}
