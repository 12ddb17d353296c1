// One mapping of a school row to the spec's snake_case fields, shared by the school's own information
// (school-info), the root's school list (admin) and the signed-in school information (schools).
import type { schools } from "../db/schema/index.ts";

export type SchoolRow = typeof schools.$inferSelect;

/** Who the school is (spec §3 School information): the fields every school answer carries. */
export const presentSchoolIdentity = (s: SchoolRow) => ({
  id: s.id,
  name: s.name,
  legal_name: s.legalName,
  cct: s.cct,
  address: s.address,
  phone: s.phone,
  email: s.email,
  time_zone: s.timeZone,
  logo: s.logo,
});

/** The identity plus what the school configures: colours, upload limit and privacy notice. */
export const presentSchoolSettings = (s: SchoolRow) => ({
  ...presentSchoolIdentity(s),
  institutional_color_1: s.institutionalColor1,
  institutional_color_2: s.institutionalColor2,
  institutional_color_3: s.institutionalColor3,
  institutional_color_4: s.institutionalColor4,
  max_file_size_in_mb: s.maxFileSizeInMb,
  privacy_notice_es: s.privacyNoticeEs,
  privacy_notice_en: s.privacyNoticeEn,
  privacy_notice_version: s.privacyNoticeVersion,
  quiet_hours_start: s.quietHoursStart,
  quiet_hours_end: s.quietHoursEnd,
});
