// User reassignment (issue 31 §2): hand one user's work to another — choose which, preview, apply in one
// transaction, every change on the incident timelines and in the reassignment history.
import { z } from "zod";
import { Id, QueryInt, singleLine } from "./fields.ts";

/**
 * The kinds of work a user can hand over, in the order the screen lists them. Each is one module's
 * (`WorkHandover` on the server, listed in app.ts's `workHandovers`): a new kind is one more name here, its es/en
 * labels in the web's `userReassignment` locale and the owning module's handover.
 */
export const HANDOVER_KINDS = [
  "head-teacher-groups",
  "teaching-assignments",
  "formative-actions",
  "parent-meetings",
  "protocol-steps",
  "referrals",
  "forms",
] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

/** An item's id within its kind: a row id, or `group:subject` for a teaching assignment. */
export const HandoverItemId = singleLine().regex(/^[1-9][0-9]{0,9}(:[1-9][0-9]{0,9})?$/);

/** One piece of work as the screen lists it (texts already in the reader's language). */
export const HandoverItem = z.object({
  id: z.string(),
  /** What it is: the group, the subject and group, the guideline, the step, the form's name… */
  title: z.string(),
  /** A second line: the student, the specialist… (null when there is nothing more to say). */
  detail: z.string().nullable(),
  /** The incident's folio, for work that belongs to an incident. */
  folio: z.number().nullable(),
  /** Its next date: a day (YYYY-MM-DD) or an instant (ISO), null when it has none. */
  when: z.string().nullable(),
  /** Where the screen links to (the incident's details), null when it has no page of its own. */
  href: z.string().nullable(),
});
export type HandoverItem = z.infer<typeof HandoverItem>;

export const WorkOfKind = z.object({ kind: z.enum(HANDOVER_KINDS), items: z.array(HandoverItem) });
export type WorkOfKind = z.infer<typeof WorkOfKind>;

/** A staff member who may give or receive work, with how much open work they hold. */
export const ReassignmentMember = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.string().nullable(),
  is_active: z.boolean(),
  /** Open work of every kind together: an inactive member above 0 has orphaned work. */
  open_work: z.number(),
});
export type ReassignmentMember = z.infer<typeof ReassignmentMember>;

/** A user's open work, kind by kind (every kind listed, empty ones too). */
export const UserWork = z.object({ user: ReassignmentMember, kinds: z.array(WorkOfKind) });
export type UserWork = z.infer<typeof UserWork>;

/** How many items of each kind a user holds (school-users shows it before a deactivation). */
export const OpenWorkCount = z.object({ kind: z.enum(HANDOVER_KINDS), count: z.number() });
export type OpenWorkCount = z.infer<typeof OpenWorkCount>;

/** What to hand over: for each kind chosen, the ids of its items (at least one item in all). */
export const ReassignmentBody = z
  .object({
    from_user_id: Id,
    to_user_id: Id,
    items: z.partialRecord(z.enum(HANDOVER_KINDS), z.array(HandoverItemId).max(5000)),
  })
  .strict();
export type ReassignmentBody = z.infer<typeof ReassignmentBody>;

/** An item as it will be handed over: moved, or merged into what the receiver already holds. */
export const PreviewItem = HandoverItem.extend({ outcome: z.enum(["moved", "merged"]) });
export type PreviewItem = z.infer<typeof PreviewItem>;

/** A rule that stops the reassignment as chosen, with its message in the reader's language. */
export const ReassignmentProblem = z.object({ code: z.string(), message: z.string() });
export type ReassignmentProblem = z.infer<typeof ReassignmentProblem>;

export const PreviewKind = z.object({
  kind: z.enum(HANDOVER_KINDS),
  items: z.array(PreviewItem),
  problem: ReassignmentProblem.nullable(),
});
export type PreviewKind = z.infer<typeof PreviewKind>;

/** What applying would change; `ready` is false while a problem (or nothing chosen) stops it. */
export const ReassignmentPreview = z.object({
  from: ReassignmentMember,
  to: ReassignmentMember,
  kinds: z.array(PreviewKind),
  ready: z.boolean(),
});
export type ReassignmentPreview = z.infer<typeof ReassignmentPreview>;

/** One applied reassignment, as the history lists it. */
export const ReassignmentEntry = z.object({
  id: z.number(),
  at: z.string(),
  from: z.object({ id: z.number(), name: z.string() }),
  to: z.object({ id: z.number(), name: z.string() }),
  by: z.object({ id: z.number(), name: z.string() }),
  counts: z.array(OpenWorkCount),
});
export type ReassignmentEntry = z.infer<typeof ReassignmentEntry>;

export const ReassignmentHistoryQuery = z.object({
  page: QueryInt(1, 100_000).default(1),
  per_page: QueryInt(1, 100).default(20),
});
export type ReassignmentHistoryQuery = z.infer<typeof ReassignmentHistoryQuery>;

export const ReassignmentHistory = z.object({
  entries: z.array(ReassignmentEntry),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type ReassignmentHistory = z.infer<typeof ReassignmentHistory>;
