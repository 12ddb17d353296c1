import { z } from "zod";
import { optionalEmail, optionalText, SchoolTimeZone, singleLine } from "./fields.ts";
import { MESSAGE_STARTERS } from "./messages.ts";

/**
 * Master configuration › general-information (spec §3 School information, product design §3): the school's
 * own fields, its four institutional colours, the upload limit and the privacy notice in both languages.
 */

/** The upload limit a school may choose, in MB (default 2, spec §9). */
export const MAX_FILE_SIZE_MB_MIN = 1;
export const MAX_FILE_SIZE_MB_MAX = 20;
export const PRIVACY_NOTICE_MAX_LENGTH = 50_000;

/** `#rrggbb`, stored lower-case so two spellings of one colour compare equal. */
export const HexColor = singleLine()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((v) => v.toLowerCase());

/**
 * Quiet hours (issue 25 §2), "HH:MM" on the school's clock: non-urgent e-mail to families written between start
 * and end (which may cross midnight, 21:00–07:00) waits until the end. Null: none.
 */
export const QuietHour = singleLine().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** PATCH /api/school-info: any subset; changing either privacy text asks every member to accept again. */
export const UpdateSchoolInfoBody = z.object({
  name: singleLine().trim().min(1).max(150).optional(),
  legal_name: optionalText(200),
  cct: optionalText(30),
  address: optionalText(300, { multiline: true }),
  phone: optionalText(30),
  email: optionalEmail,
  time_zone: SchoolTimeZone.optional(),
  institutional_color_1: HexColor.optional(),
  institutional_color_2: HexColor.optional(),
  institutional_color_3: HexColor.optional(),
  institutional_color_4: HexColor.optional(),
  max_file_size_in_mb: z.number().int().min(MAX_FILE_SIZE_MB_MIN).max(MAX_FILE_SIZE_MB_MAX).optional(),
  privacy_notice_es: optionalText(PRIVACY_NOTICE_MAX_LENGTH, { multiline: true }),
  privacy_notice_en: optionalText(PRIVACY_NOTICE_MAX_LENGTH, { multiline: true }),
  quiet_hours_start: QuietHour.nullable().optional(),
  quiet_hours_end: QuietHour.nullable().optional(),
  /** Who may write the first message of a student's conversation to the family (issue 27 §3). */
  message_starters: z.enum(MESSAGE_STARTERS).optional(),
});
export type UpdateSchoolInfoBody = z.infer<typeof UpdateSchoolInfoBody>;

export const ContrastWarningSchema = z.object({
  pair: z.enum(["nav_text", "button_text", "active_title"]),
  foreground: z.string(),
  background: z.string(),
  ratio: z.number(),
  minimum: z.number(),
});

/** A school as both its own configuration and the platform administrator see it (lib/school-presenter.ts). */
export const SchoolIdentity = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string().nullable(),
  cct: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  time_zone: z.string(),
  logo: z.string().nullable(),
});

/** What GET/PATCH /api/school-info answer: the school's information plus the colour pairs hard to read. */
export const SchoolInfo = SchoolIdentity.extend({
  institutional_color_1: z.string(),
  institutional_color_2: z.string(),
  institutional_color_3: z.string(),
  institutional_color_4: z.string(),
  max_file_size_in_mb: z.number(),
  privacy_notice_es: z.string().nullable(),
  privacy_notice_en: z.string().nullable(),
  privacy_notice_version: z.number(),
  quiet_hours_start: z.string().nullable(),
  quiet_hours_end: z.string().nullable(),
  message_starters: z.enum(MESSAGE_STARTERS),
  contrast_warnings: z.array(ContrastWarningSchema),
});
export type SchoolInfo = z.infer<typeof SchoolInfo>;

export { isSupportedTimeZone, SchoolTimeZone } from "./fields.ts";

/**
 * GET /manifest.webmanifest and /app-icons/:size (issue 32 §3, the installable app in the school's colours):
 * `school` names the school where the host does not (a school id as a subdomain spells it); `c` is only the
 * colours' tag the manifest puts in an icon's address, so that new colours make a new address.
 */
export const AppManifestQuery = z.object({
  school: singleLine()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
    .optional(),
  c: singleLine().max(32).optional(),
});
export const APP_ICON_SIZES = [192, 512] as const;
export const AppIconParams = z.object({ size: z.enum(["192.png", "512.png"]) });
