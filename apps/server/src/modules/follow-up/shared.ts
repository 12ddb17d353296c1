import type { TimelineEvent } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidentTimeline, schools } from "../../db/schema/index.ts";

export async function schoolTimeZone(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.timeZone ?? "America/Mexico_City";
}

/** YYYY-MM-DD (and HH:MM) of an instant on the school's wall clock. */
export function localParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Today in the school's time zone: what "overdue" and "not in the future" are measured against. */
export const schoolToday = async (tx: Tx, schoolId: string) =>
  localParts(new Date(), await schoolTimeZone(tx, schoolId)).date;

/**
 * Appends one entry to the incident's timeline (insert only). `details` carries ids and values, never person
 * names: the web resolves students through the incident's own, possibly anonymised, list.
 */
export async function appendTimeline(
  tx: Tx,
  entry: {
    schoolId: string;
    incidentId: number;
    event: TimelineEvent;
    userId: number;
    details: Record<string, unknown>;
  },
) {
  await tx.insert(incidentTimeline).values(entry);
}

/** Where a notification about an incident takes the reader. */
export const incidentLink = (incidentId: number) => `/incident-details?id=${incidentId}`;

/** camelCase → snake_case, for the field names a timeline entry lists (as the API spells them). */
export const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
