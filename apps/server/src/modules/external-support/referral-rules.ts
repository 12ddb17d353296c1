import { todayIn } from "@convive/domain";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { consentState } from "../consent/index.ts";

export const AREA = "external-support" as const;
/** The owner kinds of a referral's files in the support-file store. */
export const CONSENT_FILE = "referral_consent";
export const FOLLOW_UP_FILE = "referral_follow_up";
/** A signed consent replaced or removed: kept (nothing is deleted), no longer shown nor read. */
export const CONSENT_FILE_REPLACED = "referral_consent_replaced";

/** The school's calendar day now: review dates are days of the school, not of the server. */
export async function schoolToday(tx: Tx, schoolId: string) {
  const [row] = await tx.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return todayIn(row?.tz ?? "America/Mexico_City");
}

/** The family's `external_support` consent now (the newest record decides). */
export const consentGranted = async (tx: Tx, schoolId: string, studentId: number) =>
  (await consentState(tx, schoolId, studentId)).external_support;
