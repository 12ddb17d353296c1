import { z } from "zod";

const name = z.string().trim().min(1).max(80);

/** POST api/users/{id}: the header bell sends names, e-mail and the reset count (spec §7). */
export const UpdateUserBody = z.object({
  first_name: name.optional(),
  paternal_surname: z.string().trim().max(80).optional(),
  maternal_surname: z.string().trim().max(80).optional(),
  email: z.string().trim().email().max(254).optional(),
  cell_phone: z.string().trim().max(30).nullable().optional(),
  language: z.enum(["es", "en"]).optional(),
  unviewed_notifications_count: z.number().int().min(0).optional(),
  privacy_notice_viewed: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const USER_INCLUDES = ["roles", "permissions", "roles.permissions", "sections", "grades", "subjects"] as const;

/** `include=roles,permissions` as a comma list; unknown names are refused. */
export const UserIncludeQuery = z.object({
  include: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(USER_INCLUDES))),
});

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const VideosByUrlBody = z.object({
  url: z.string().trim().min(1).max(500),
  language: z.enum(["es", "en"]).optional(),
});
