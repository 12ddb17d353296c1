import { z } from "zod";
import { MAX_ID, QueryId, singleLine } from "./fields.ts";

const name = singleLine().trim().min(1).max(80);

/** POST api/users/{id}: the header bell sends names, e-mail and the reset count (spec §7). */
export const UpdateUserBody = z.object({
  first_name: name.optional(),
  paternal_surname: singleLine().trim().max(80).optional(),
  maternal_surname: singleLine().trim().max(80).optional(),
  email: singleLine().trim().max(254).pipe(z.email()).optional(),
  cell_phone: singleLine().trim().max(30).nullable().optional(),
  language: z.enum(["es", "en"]).optional(),
  unviewed_notifications_count: z.number().int().min(0).max(MAX_ID).optional(),
  privacy_notice_viewed: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const USER_INCLUDES = ["roles", "permissions", "roles.permissions", "sections", "grades", "subjects"] as const;

/** `include=roles,permissions` as a comma list; unknown names are refused. */
export const UserIncludeQuery = z.object({
  include: singleLine()
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

export const IdParam = z.object({ id: QueryId });

export const VideosByUrlBody = z.object({
  url: singleLine().trim().min(1).max(500),
  language: z.enum(["es", "en"]).optional(),
});
