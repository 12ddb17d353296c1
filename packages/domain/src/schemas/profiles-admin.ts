import { z } from "zod";
import { optionalText, singleLine } from "./fields.ts";

/**
 * Master configuration › user-profile (spec §6, product design §2): the school's profiles and their permissions,
 * edited as a matrix of areas × Create/Read/Update/Delete/Search plus module keys and the special permissions.
 */

export const ProfileSummary = z.object({
  id: z.number(),
  name: z.string(),
  name_en: z.string().nullable(),
  template_key: z.string().nullable(),
  members_count: z.number(),
  active_members_count: z.number(),
  /** Director and Familiar: the landing view reads their names (spec §6), so they keep them and cannot go. */
  protected: z.boolean(),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

/** name is the Spanish name (the rules read it); name_en what readers of English see, omitted: unchanged. */
export const ProfileNameBody = z.object({ name: singleLine().trim().min(1).max(60), name_en: optionalText(60) });
export type ProfileNameBody = z.infer<typeof ProfileNameBody>;

/** The catalogue with what the profile holds: one row per area, one flag per action. */
export const PermissionMatrix = z.object({
  profile: ProfileSummary,
  actions: z.array(z.string()),
  areas: z.array(
    z.object({
      area: z.string(),
      actions: z.record(z.string(), z.boolean()),
    }),
  ),
  modules: z.array(z.object({ key: z.string(), granted: z.boolean() })),
  special: z.array(z.object({ key: z.string(), granted: z.boolean() })),
  /** Everything the profile holds, as stored (area permissions, special permissions and module keys). */
  permissions: z.array(z.string()),
});
export type PermissionMatrix = z.infer<typeof PermissionMatrix>;

/**
 * Replaces the whole set. Only catalogue names (`<area>.<action>`, special permissions, module keys) are
 * accepted; anything else is 422 with the offending index.
 */
export const PutPermissionsBody = z.object({
  permissions: z.array(singleLine().trim().min(1).max(120)).max(400),
});
export type PutPermissionsBody = z.infer<typeof PutPermissionsBody>;
