// Announcements to the families of a group, a grade, a section or the whole school (issue 27 §2): staff holding
// announcements.create send them (a school-wide scope to any audience, a teacher to the groups they head or teach);
// families read them in their inbox and, when asked, confirm. The sender follows read and confirmed counts per group.
import { z } from "zod";
import { Id, multiLine, QueryId, QueryInt, singleLine } from "./fields.ts";
import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH, MessageAttachment, MessagePerson } from "./messages.ts";

export const ANNOUNCEMENT_AUDIENCES = ["group", "grade", "section", "school"] as const;
export type AnnouncementAudienceKind = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_TITLE_MAX = 150;

export const AnnouncementAudience = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("group"), id: Id }),
  z.object({ kind: z.literal("grade"), id: Id }),
  z.object({ kind: z.literal("section"), id: Id }),
  z.object({ kind: z.literal("school") }),
]);
export type AnnouncementAudience = z.infer<typeof AnnouncementAudience>;

/** POST /api/announcements */
export const SendAnnouncementBody = z.object({
  audience: AnnouncementAudience,
  title: singleLine().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX),
  body: multiLine().trim().min(1).max(MESSAGE_MAX_LENGTH),
  /** Families are asked to tap "Enterado / Confirm". */
  needs_confirmation: z.boolean().default(false),
  attachment_ids: z.array(Id).max(MESSAGE_MAX_ATTACHMENTS).default([]),
});
export type SendAnnouncementBody = z.infer<typeof SendAnnouncementBody>;

/** One target group's figures for the sender. */
export const AnnouncementGroupStats = z.object({
  group_id: z.number(),
  group: z.string(),
  recipients: z.number(),
  read: z.number(),
  confirmed: z.number(),
});
export type AnnouncementGroupStats = z.infer<typeof AnnouncementGroupStats>;

export const Announcement = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** "3° A", "Secundaria", "Toda la escuela" — in the reader's language. */
  audience_label: z.string(),
  audience: AnnouncementAudience,
  needs_confirmation: z.boolean(),
  author: MessagePerson,
  created_at: z.string(),
  attachments: z.array(MessageAttachment),
  /** Staff: the totals over every group (families: null). */
  totals: z.object({ recipients: z.number(), read: z.number(), confirmed: z.number() }).nullable(),
  /** A family member's own state (staff: null). */
  mine: z.object({ read_at: z.string().nullable(), confirmed_at: z.string().nullable() }).nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

/** GET /api/announcements/:id — staff also get the figures per group and who has not read or confirmed. */
export const AnnouncementDetail = Announcement.extend({
  groups: z.array(AnnouncementGroupStats),
  /** Staff only: family members still to read (or, when confirmation is asked, to confirm), by group. */
  pending: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      group: z.string(),
      students: z.array(z.string()),
      read: z.boolean(),
    }),
  ),
});
export type AnnouncementDetail = z.infer<typeof AnnouncementDetail>;

/** GET /api/announcements — staff: what their scope sent, newest first; families: what they received. */
export const AnnouncementsQuery = z.object({
  cursor: QueryId.optional(),
  limit: QueryInt(1, 100).default(20),
});
export const AnnouncementsPage = z.object({
  announcements: z.array(Announcement),
  next_cursor: z.number().nullable(),
});
export type AnnouncementsPage = z.infer<typeof AnnouncementsPage>;

/** GET /api/announcements/audiences — what the sender may address, with how many families each reaches. */
export const AnnouncementAudienceOption = z.object({
  audience: AnnouncementAudience,
  label: z.string(),
  families: z.number(),
});
export const AnnouncementAudiences = z.object({ options: z.array(AnnouncementAudienceOption) });
export type AnnouncementAudiences = z.infer<typeof AnnouncementAudiences>;

/** POST /api/announcements/:id/remind — to those who have not read (or not confirmed, when asked). */
export const AnnouncementReminded = z.object({ reminded: z.number() });
