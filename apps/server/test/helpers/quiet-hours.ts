import { eq } from "drizzle-orm";
import { onTestFinished } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { schools } from "../../src/db/schema/index.ts";

/** A fixed-offset zone whose wall clock reads 22:xx now, so "22:00 school time" is the real clock (tokens stay valid). */
export function zoneAt22(now = new Date()) {
  const shift = (((22 - now.getUTCHours()) % 24) + 24) % 24;
  const offset = shift <= 14 ? shift : shift - 24;
  // Etc/GMT zones count the other way round: Etc/GMT-5 is UTC+5.
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/**
 * Puts a school in its quiet hours (21:00–07:00 in a zone where it is 22:xx now) for the current test only: they are
 * lifted when the test ends, passed or failed — held quiet hours left behind by a failing assertion once held the
 * next tests' e-mails too, and those timed out waiting for them.
 */
export async function inQuietHoursForThisTest(db: Db, schoolId: string, timeZone = zoneAt22()) {
  await db
    .update(schools)
    .set({ timeZone, quietHoursStart: "21:00", quietHoursEnd: "07:00" })
    .where(eq(schools.id, schoolId));
  onTestFinished(async () => {
    await db.update(schools).set({ quietHoursStart: null, quietHoursEnd: null }).where(eq(schools.id, schoolId));
  });
  return timeZone;
}
