import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { incidents, schools, users } from "../../db/schema/index.ts";
import { forSchool } from "../../lib/tenant-db.ts";

/** Where and in which language each of `ids` reads their e-mail; disabled accounts get none. */
export function mailboxes(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
}

/** The school's clock, for the dates an e-mail writes. */
export async function timeZoneOf(tx: Tx, schoolId: string) {
  const [row] = await tx.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return row?.tz ?? "America/Mexico_City";
}

/** The students of the incident a message is about: a family's e-mail hides them by any part of their names. */
export async function incidentStudentIds(tx: Tx, schoolId: string, incidentId: number | null) {
  if (incidentId === null) return [];
  const [row] = await forSchool(tx, schoolId)
    .pick(incidents, { ids: incidents.studentIds })
    .where(eq(incidents.id, incidentId));
  return row?.ids ?? [];
}
