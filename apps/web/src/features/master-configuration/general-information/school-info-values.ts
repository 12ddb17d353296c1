import type { MessageStarters, SchoolInfo } from "@convive/domain";
import type { UseFormReturnType } from "@mantine/form";

/** The general-information form's values: the school's fields as the inputs hold them. */
export interface Values {
  name: string;
  legal_name: string;
  cct: string;
  address: string;
  phone: string;
  email: string;
  time_zone: string;
  max_file_size_in_mb: number | string;
  institutional_color_1: string;
  institutional_color_2: string;
  institutional_color_3: string;
  institutional_color_4: string;
  privacy_notice_es: string;
  privacy_notice_en: string;
  /** "HH:MM", or "" for none (both or neither: quietHoursErrors). */
  quiet_hours_start: string;
  quiet_hours_end: string;
  /** Who may write the first message of a student's conversation to the family (issue 27 §3). */
  message_starters: MessageStarters;
}

export const COLOR_FIELDS = [
  "institutional_color_1",
  "institutional_color_2",
  "institutional_color_3",
  "institutional_color_4",
] as const;
export const NOTICE_FIELDS = ["privacy_notice_es", "privacy_notice_en"] as const;
export const QUIET_FIELDS = ["quiet_hours_start", "quiet_hours_end"] as const;

export const valuesOf = (s: SchoolInfo): Values => ({
  name: s.name,
  legal_name: s.legal_name ?? "",
  cct: s.cct ?? "",
  address: s.address ?? "",
  phone: s.phone ?? "",
  email: s.email ?? "",
  time_zone: s.time_zone,
  max_file_size_in_mb: s.max_file_size_in_mb,
  institutional_color_1: s.institutional_color_1,
  institutional_color_2: s.institutional_color_2,
  institutional_color_3: s.institutional_color_3,
  institutional_color_4: s.institutional_color_4,
  privacy_notice_es: s.privacy_notice_es ?? "",
  privacy_notice_en: s.privacy_notice_en ?? "",
  quiet_hours_start: s.quiet_hours_start ?? "",
  quiet_hours_end: s.quiet_hours_end ?? "",
  message_starters: s.message_starters,
});

export type SchoolInfoFormType = UseFormReturnType<Values>;

/** The size field's value as the API takes it: a number, or undefined while empty. */
export const numberOrNull = (v: number | string) =>
  typeof v === "number" ? v : v.trim() === "" ? undefined : Number(v);

/** A quiet-hours field as the API takes it: "HH:MM" (a browser may add seconds), or null for none. */
export const quietHourOrNull = (v: string) => (v.trim() === "" ? null : v.trim().slice(0, 5));

/**
 * Quiet hours are both set or both empty, and a window has two different ends (the same time twice holds nothing
 * on the server, so it is refused here rather than saved as a window that does not act).
 */
export function quietHoursErrors(
  values: Pick<Values, (typeof QUIET_FIELDS)[number]>,
  messages: { both: string; same: string },
): Partial<Record<(typeof QUIET_FIELDS)[number], string>> {
  const start = quietHourOrNull(values.quiet_hours_start);
  const end = quietHourOrNull(values.quiet_hours_end);
  if (start === null && end !== null) return { quiet_hours_start: messages.both };
  if (start !== null && end === null) return { quiet_hours_end: messages.both };
  if (start !== null && start === end) return { quiet_hours_end: messages.same };
  return {};
}
