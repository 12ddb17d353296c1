import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./auth.ts";
import { HttpUrl, Id, optionalEmail, optionalText, QueryInt, SchoolTimeZone, singleLine } from "./fields.ts";
import { SchoolIdentity } from "./school-info.ts";

/**
 * Platform (root) administration: schools, users and help videos (spec §1, §2 admin screens).
 * Request schemas are shared with the web forms; response schemas whitelist what leaves the server.
 */

/** Subdomains the platform keeps for itself, so no school can take them. */
export const RESERVED_SCHOOL_SLUGS = ["www", "api", "admin", "app", "mail", "static", "socket"] as const;

/** A school id is also its subdomain: a DNS label of 3–63 lower-case letters, digits and inner hyphens. */
export const SchoolSlug = singleLine()
  .trim()
  .min(3)
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/)
  .refine((slug) => !(RESERVED_SCHOOL_SLUGS as readonly string[]).includes(slug), { message: "reserved" });

const schoolFields = {
  name: singleLine().trim().min(1).max(150),
  legal_name: optionalText(200),
  cct: optionalText(30),
  address: optionalText(300, { multiline: true }),
  phone: optionalText(30),
  email: optionalEmail,
  time_zone: SchoolTimeZone.optional(),
};

const personName = singleLine().trim().min(1).max(80);
const surname = singleLine().trim().max(80);

/** The new school's first Director (issue 26 §4): invited with the school, never handed a password. */
export const SchoolDirector = z.object({
  first_name: personName,
  paternal_surname: surname.default(""),
  maternal_surname: surname.default(""),
  email: singleLine().trim().toLowerCase().max(254).pipe(z.email()),
  /** The invitation e-mail's language when the address has no account yet. */
  language: z.enum(["es", "en"]).default("es"),
});
export type SchoolDirector = z.infer<typeof SchoolDirector>;

/** `director` is what the admin screen always sends; without it the school is created alone (older clients). */
export const CreateSchoolBody = z.object({ id: SchoolSlug, ...schoolFields, director: SchoolDirector.optional() });
export type CreateSchoolBody = z.infer<typeof CreateSchoolBody>;

/** The slug is permanent (it is the subdomain and the key of every school row); everything else may change. */
export const UpdateSchoolBody = z.object({
  ...schoolFields,
  name: schoolFields.name.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateSchoolBody = z.infer<typeof UpdateSchoolBody>;

export const SchoolIdParam = z.object({ id: singleLine().trim().toLowerCase().min(1).max(63) });

const Password = singleLine().min(PASSWORD_MIN_LENGTH).max(200);
const ProfileId = Id;
/** An existing school named in a body; checked against the database, so no slug rules here. */
const SchoolRef = singleLine().trim().toLowerCase().min(1).max(63);

export const AdminUsersQuery = z.object({
  search: singleLine().trim().max(100).optional(),
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(20),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** A membership the root grants: the profile must be one of that school's. */
export const AddMembershipBody = z.object({ school_id: SchoolRef, profile_id: ProfileId });
export type AddMembershipBody = z.infer<typeof AddMembershipBody>;

/**
 * A new user. Without `password` the server generates a temporary one and answers it once; either way
 * password_updated starts at 0 so the user must change it at first sign-in.
 */
export const CreateAdminUserBody = z
  .object({
    first_name: personName,
    paternal_surname: surname.default(""),
    maternal_surname: surname.default(""),
    email: singleLine().trim().max(254).pipe(z.email()),
    cell_phone: optionalText(30),
    root: z.union([z.literal(0), z.literal(1)]).default(0),
    language: z.enum(["es", "en"]).default("es"),
    password: Password.optional(),
    school_id: SchoolRef.optional(),
    profile_id: ProfileId.optional(),
  })
  .refine((b) => (b.school_id === undefined) === (b.profile_id === undefined), {
    message: "school_id and profile_id go together",
    path: ["profile_id"],
  });
export type CreateAdminUserBody = z.infer<typeof CreateAdminUserBody>;

export const UpdateAdminUserBody = z.object({
  first_name: personName.optional(),
  paternal_surname: surname.optional(),
  maternal_surname: surname.optional(),
  email: singleLine().trim().max(254).pipe(z.email()).optional(),
  cell_phone: optionalText(30),
  /** false disables the user everywhere and ends every session at once. */
  is_active: z.boolean().optional(),
});
export type UpdateAdminUserBody = z.infer<typeof UpdateAdminUserBody>;

/** Where a help video is shown: a path of the app (a full URL of the app is accepted and reduced to its path). */
const ScreenUrl = singleLine()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(https?:\/\/[^\s/]+)?\/\S*$/);
const VideoUrl = HttpUrl(2000);

export const CreateHelpVideoBody = z.object({
  title: singleLine().trim().min(1).max(200),
  video_url: VideoUrl,
  screen_url: ScreenUrl,
  language: z.enum(["es", "en"]).default("es"),
});
export type CreateHelpVideoBody = z.infer<typeof CreateHelpVideoBody>;

export const UpdateHelpVideoBody = z.object({
  title: singleLine().trim().min(1).max(200).optional(),
  video_url: VideoUrl.optional(),
  screen_url: ScreenUrl.optional(),
  language: z.enum(["es", "en"]).optional(),
});
export type UpdateHelpVideoBody = z.infer<typeof UpdateHelpVideoBody>;

export const AdminSchool = SchoolIdentity.extend({
  is_active: z.boolean(),
  created_at: z.string(),
  member_count: z.number(),
  active_member_count: z.number(),
});
export type AdminSchool = z.infer<typeof AdminSchool>;

export const AdminProfile = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string().nullable(),
  template_key: z.string().nullable(),
});

export const AdminMembership = z.object({
  school_id: z.string(),
  school_name: z.string(),
  profile_id: z.number().nullable(),
  profile_name: z.string().nullable(),
  profile_name_en: z.string().nullable(),
  is_active: z.boolean(),
});

/** A user as the platform sees it; never a password hash or a token. */
export const AdminUser = z.object({
  id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  email: z.string(),
  cell_phone: z.string().nullable(),
  root: z.number(),
  password_updated: z.number(),
  language: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  memberships: z.array(AdminMembership),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPage = z.object({
  users: z.array(AdminUser),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

export const AdminHelpVideo = z.object({
  id: z.number(),
  title: z.string(),
  video_url: z.string(),
  screen_url: z.string(),
  language: z.string(),
  created_at: z.string(),
});
export type AdminHelpVideo = z.infer<typeof AdminHelpVideo>;
