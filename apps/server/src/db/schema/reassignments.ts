import type { HandoverKind } from "@convive/domain";
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { memberships } from "./access.ts";
import { schoolIdColumn } from "./schools.ts";

// Issue 31 §2: user reassignment (modules/user-reassignment, migration 0043). The history of who handed whose work
// to whom: append-only, behind row-level security (the app role reads and inserts).

type Column = Parameters<typeof foreignKey>[0]["columns"][number];
const byMember = (t: { schoolId: Column }, col: Column) =>
  foreignKey({ columns: [t.schoolId, col], foreignColumns: [memberships.schoolId, memberships.userId] });

/** One applied reassignment: from, to, by whom, when, and which items of each kind (their ids) went. */
export const userReassignments = pgTable(
  "user_reassignments",
  {
    schoolId: schoolIdColumn(),
    id: integer("id").generatedAlwaysAsIdentity(),
    fromUserId: integer("from_user_id").notNull(),
    toUserId: integer("to_user_id").notNull(),
    byUserId: integer("by_user_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Per kind, the ids of the items handed over (row ids; `group:subject` for teaching assignments). */
    items: jsonb("items").$type<Partial<Record<HandoverKind, string[]>>>().notNull(),
  },
  (t) => [
    primaryKey({ name: "user_reassignments_pk", columns: [t.schoolId, t.id] }),
    byMember(t, t.fromUserId),
    byMember(t, t.toUserId),
    byMember(t, t.byUserId),
    index("user_reassignments_page_idx").on(t.schoolId, t.at.desc(), t.id.desc()),
  ],
);
