import { z } from "zod";

/** The one error shape (engineering guide §1). */
export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Every answer is wrapped as `{ data: … }` like the old API. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

const role = z.object({
  id: z.number(),
  name: z.string(),
  /** The profile's English name (null: readers of English see name). */
  name_en: z.string().nullable(),
  permissions: z.array(z.object({ name: z.string() })).optional(),
});

/** Spec §3 User as the client reads it; the whitelist of what leaves the server (no hash, no token). */
export const UserPayload = z.object({
  id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
  email: z.string(),
  cell_phone: z.string().nullable(),
  root: z.number(),
  password_updated: z.number(),
  privacy_notice_viewed: z.number(),
  image_profile: z.string().nullable(),
  imageProfile: z.string().nullable(),
  language: z.string(),
  schools: z.array(z.object({ id: z.string(), name: z.string(), logo: z.string().nullable(), is_active: z.boolean() })),
  roles: z.array(role).optional(),
  permissions: z.array(z.string()),
  permissionsModules: z.array(z.string()),
  viewMain: z.string(),
  domain: z.string().nullable(),
  unviewed_notifications_count: z.number(),
  sections: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
  grades: z
    .array(z.object({ id: z.number(), name: z.string(), group: z.object({ id: z.number(), name: z.string() }) }))
    .optional(),
  subjects: z.array(z.object({ id: z.number(), name: z.string(), group_id: z.number() })).optional(),
});
export type UserPayload = z.infer<typeof UserPayload>;

export const TokenPayload = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number(),
});

export const LoginResponse = envelope(TokenPayload.extend({ user: UserPayload }));

export const SessionPayload = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});

export const MessageResponse = envelope(z.object({ message: z.string() }));

/** A person as lists show them: id and the three name parts (the web composes the display name). */
export const PersonName = z.object({
  id: z.number(),
  first_name: z.string(),
  paternal_surname: z.string(),
  maternal_surname: z.string(),
});
