import { z } from "zod";
import { optionalText, QueryId, QueryInt, Id as RowId, singleLine } from "./fields.ts";
import { InvitationSchema } from "./invitations.ts";

/**
 * Master configuration › students-profile: students and their family members with every field of spec §3
 * "Parent and student records". CURP and RFC are format-checked by the server (mexican-ids.ts) so the field
 * error names the rule; the web may run the same functions before sending.
 */

export const STUDENT_GENDERS = ["female", "male", "other"] as const;
export const STUDENT_STATUSES = ["active", "withdrawn", "graduated"] as const;
/** Spec §3, in this order. */
export const RELATIONSHIPS = [
  "father",
  "mother",
  "grandparents",
  "tutor",
  "aunt",
  "uncle",
  "siblings",
  "cousin",
] as const;
export type StudentGender = (typeof STUDENT_GENDERS)[number];
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export type Relationship = (typeof RELATIONSHIPS)[number];

/** Display names of the option values, also accepted in imported files. */
export const OPTION_LABELS: Record<StudentGender | StudentStatus | Relationship, { es: string; en: string }> = {
  female: { es: "Mujer", en: "Female" },
  male: { es: "Hombre", en: "Male" },
  other: { es: "Otro", en: "Other" },
  active: { es: "Activo", en: "Active" },
  withdrawn: { es: "Baja", en: "Withdrawn" },
  graduated: { es: "Egresado", en: "Graduated" },
  father: { es: "Padre", en: "Father" },
  mother: { es: "Madre", en: "Mother" },
  grandparents: { es: "Abuelos", en: "Grandparents" },
  tutor: { es: "Tutor", en: "Tutor" },
  aunt: { es: "Tía", en: "Aunt" },
  uncle: { es: "Tío", en: "Uncle" },
  siblings: { es: "Hermanos", en: "Siblings" },
  cousin: { es: "Primo(a)", en: "Cousin" },
};

/** Spec §3 address, all parts optional (delegation is Mexico City's alcaldía, municipality elsewhere). */
export const ADDRESS_FIELDS = [
  "street",
  "outside_number",
  "inside_number",
  "neighbourhood",
  "postal_code",
  "municipality",
  "delegation",
  "city",
  "state",
  "country",
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const AddressSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.string().trim().max(120).optional()])) as Record<
    AddressField,
    z.ZodOptional<z.ZodString>
  >,
);
/** The address a client sends (AddressSchema is what the server answers, rows stored before included). */
export const AddressBody = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, singleLine().trim().max(120).optional()])) as Record<
    AddressField,
    z.ZodOptional<z.ZodString>
  >,
);
export type AddressInput = z.infer<typeof AddressBody>;

/** A calendar day, YYYY-MM-DD, that exists. */
export const Day = singleLine()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));

const studentFields = {
  /** Matrícula, unique in the school (409 ENROLLMENT_TAKEN). */
  enrollment: singleLine().trim().min(1).max(40),
  first_name: singleLine().trim().min(1).max(80),
  paternal_surname: singleLine().trim().max(80).default(""),
  maternal_surname: singleLine().trim().max(80).default(""),
  birthday: Day.nullish(),
  gender: z.enum(STUDENT_GENDERS).nullish(),
  /** Checked with its check digit (422 INVALID_CURP); stored upper-case. */
  curp: optionalText(18),
  address: AddressBody.nullish(),
  observations: optionalText(2000, { multiline: true }),
  status: z.enum(STUDENT_STATUSES).default("active"),
  /** A group of the current school year; null takes the student out of it. */
  group_id: RowId.nullish(),
};

export const CreateStudentBody = z.object(studentFields);
export type CreateStudentBody = z.infer<typeof CreateStudentBody>;
export const UpdateStudentBody = z.object({
  ...studentFields,
  enrollment: studentFields.enrollment.optional(),
  first_name: studentFields.first_name.optional(),
  paternal_surname: singleLine().trim().max(80).optional(),
  maternal_surname: singleLine().trim().max(80).optional(),
  status: z.enum(STUDENT_STATUSES).optional(),
});
export type UpdateStudentBody = z.infer<typeof UpdateStudentBody>;

export const StudentsQuery = z.object({
  /** Part of a name, the enrollment or the CURP. */
  search: singleLine().trim().max(100).optional(),
  status: z.enum(STUDENT_STATUSES).optional(),
  group_id: QueryId.optional(),
  grade_id: QueryId.optional(),
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(20),
});
export type StudentsQuery = z.infer<typeof StudentsQuery>;

const StudentGroup = z.object({
  id: z.number(),
  name: z.string(),
  grade_id: z.number(),
  grade_name: z.string(),
  section_name: z.string(),
});

export const StudentSchema = z.object({
  id: z.number(),
  enrollment: z.string(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  birthday: z.string().nullable(),
  gender: z.string().nullable(),
  curp: z.string().nullable(),
  photo: z.string().nullable(),
  address: AddressSchema,
  observations: z.string().nullable(),
  status: z.string(),
  /** The group in the current school year. */
  group: StudentGroup.nullable(),
  family_count: z.number(),
});
export type Student = z.infer<typeof StudentSchema>;

// ── Family members ───────────────────────────────────────────────────────────────────────────────────────

const memberFields = {
  /** Checked as a persona física RFC (422 INVALID_RFC); stored upper-case. */
  rfc: optionalText(13),
  phone: optionalText(30),
  alternate_phone: optionalText(30),
  address: AddressBody.nullish(),
  observations: optionalText(2000, { multiline: true }),
};
const linkFields = {
  relationship: z.enum(RELATIONSHIPS),
  can_pick_up: z.boolean().default(false),
  is_emergency_contact: z.boolean().default(false),
};

/**
 * Adds a family member to a student. A family account that already belongs to this school (a sibling's parent) is
 * linked at once; any other e-mail is invited, with the same answer whether or not it has an account elsewhere,
 * and linked when the person accepts.
 */
export const CreateFamilyMemberBody = z.object({
  email: singleLine().trim().toLowerCase().max(254).pipe(z.email()),
  first_name: singleLine().trim().min(1).max(80),
  paternal_surname: singleLine().trim().max(80).default(""),
  maternal_surname: singleLine().trim().max(80).default(""),
  /** The invitation's language for an address without an account; the request's language when left out. */
  language: z.enum(["es", "en"]).optional(),
  ...memberFields,
  ...linkFields,
});
export type CreateFamilyMemberBody = z.infer<typeof CreateFamilyMemberBody>;

export const UpdateFamilyMemberBody = z.object({
  first_name: singleLine().trim().min(1).max(80).optional(),
  paternal_surname: singleLine().trim().max(80).optional(),
  maternal_surname: singleLine().trim().max(80).optional(),
  ...memberFields,
  relationship: linkFields.relationship.optional(),
  can_pick_up: z.boolean().optional(),
  is_emergency_contact: z.boolean().optional(),
});
export type UpdateFamilyMemberBody = z.infer<typeof UpdateFamilyMemberBody>;

export const FamilyMemberSchema = z.object({
  user_id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  email: z.string(),
  rfc: z.string().nullable(),
  phone: z.string().nullable(),
  alternate_phone: z.string().nullable(),
  address: AddressSchema,
  observations: z.string().nullable(),
  relationship: z.string(),
  can_pick_up: z.boolean(),
  is_emergency_contact: z.boolean(),
  /** The account's membership of the school. */
  is_active: z.boolean(),
  /** The names are the person's own unless the account is this school's alone and was never used. */
  identity_editable: z.boolean(),
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/**
 * family_member when the e-mail is already a family member of this school (linked now); otherwise invitation,
 * echoing only what the school typed, whether or not the address has an account elsewhere.
 */
export const CreatedFamilyMember = z.object({
  family_member: FamilyMemberSchema.nullable(),
  invitation: InvitationSchema.nullable(),
});

export const FamilyMembersQuery = z.object({
  search: singleLine().trim().max(100).optional(),
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(20),
});
export type FamilyMembersQuery = z.infer<typeof FamilyMembersQuery>;

/** A family account of the school with every child it is linked to. */
export const FamilyAccountSchema = FamilyMemberSchema.omit({
  relationship: true,
  can_pick_up: true,
  is_emergency_contact: true,
}).extend({
  students: z.array(
    z.object({
      id: z.number(),
      enrollment: z.string(),
      first_name: z.string(),
      paternal_surname: z.string(),
      maternal_surname: z.string(),
      relationship: z.string(),
    }),
  ),
});

export const FamilyLinkParams = z.object({
  id: QueryId,
  userId: QueryId,
});

// ── Photos ───────────────────────────────────────────────────────────────────────────────────────────────

export const PHOTO_OUTCOMES = ["assigned", "unknown_enrollment", "bad_type", "too_big"] as const;

/** One file of a bulk photo upload: named by enrollment (CDA-2026-0001.jpg), assigned or refused with why. */
export const PhotoResult = z.object({
  file: z.string(),
  enrollment: z.string(),
  status: z.enum(PHOTO_OUTCOMES),
  student_id: z.number().nullable(),
  message: z.string(),
});

export const BulkPhotosResponse = z.object({
  results: z.array(PhotoResult),
  assigned: z.number(),
  refused: z.number(),
});
