import type { Language } from "@convive/domain";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  conversationReads,
  conversations,
  grades,
  groups,
  messages,
  sections,
  studentGroups,
  students,
  users,
} from "../../db/schema/index.ts";
import { classListOrder, likeTerm, personName, searchableName } from "../../lib/names.ts";
import { ofSchool, sameSchool } from "../../lib/tenant-db.ts";
import type { InboxScope } from "./access.ts";

// The inbox's SQL (issue 27 §3). A conversation's unread state for a reader is "a message by someone else newer than
// the reader's pointer" (conversation_reads): the pointer against the conversation's last message settles most rows
// without reading messages, and the rest look at the few newer messages of that one conversation. The correlated
// subqueries are raw SQL because they read the outer row (drizzle has no alias for a correlated self-reference).

const c = conversations;
const r = conversationReads;
const pointer = sql`coalesce(${r.lastReadMessageId}, 0)`;

/** The conversation's messages newer than the reader's pointer, by others (the FROM … WHERE of a subquery). */
const newer = (userId: number, extra: SQL = sql``) =>
  sql`from ${messages} o where o.school_id = ${c.schoolId} and o.conversation_id = ${c.id}
        and o.id > ${pointer} and o.author_id <> ${userId}${extra}`;

const unreadCond = (userId: number) => sql`(${c.lastMessageId} > ${pointer} and exists (select 1 ${newer(userId)}))`;
const urgentCond = (userId: number) =>
  sql`(${c.lastMessageId} > ${pointer} and exists (select 1 ${newer(userId, sql` and o.urgent`)}))`;
const unreadCount = (userId: number) =>
  sql<number>`case when ${c.lastMessageId} > ${pointer} then (select count(*)::int ${newer(userId)}) else 0 end`;

const FALSE = sql`false`;

/** The conversations of the scope, as a condition on `conversations`. */
function scopeCond(scope: InboxScope): SQL | undefined {
  if (scope.kind === "school") return undefined;
  const ids = scope.kind === "family" ? scope.childIds : scope.studentIds;
  return ids.length === 0 ? FALSE : inArray(c.studentId, ids);
}

/** The reader's own pointer into each conversation. */
const readsOf = (userId: number) => and(eq(r.schoolId, c.schoolId), eq(r.conversationId, c.id), eq(r.userId, userId));

/** "Primaria 3° A" in the reader's language (English level names when the school gave them). */
const groupLabelIn = (language: Language) =>
  sql<string | null>`case when ${groups.id} is null then null else concat_ws(' ', ${
    language === "en" ? sql`coalesce(${sections.nameEn}, ${sections.name})` : sections.name
  }, ${grades.name}, ${groups.name}) end`;

/** How many conversations of the scope hold a message by someone else the reader has not read. */
export async function unreadConversations(tx: Tx, schoolId: string, userId: number, scope: InboxScope) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .leftJoin(r, readsOf(userId))
    .where(ofSchool(c, schoolId, scopeCond(scope), unreadCond(userId)));
  return row?.n ?? 0;
}

export interface PageQuery {
  schoolId: string;
  userId: number;
  scope: InboxScope;
  yearId: number | null;
  language: Language;
  filter: "all" | "unread" | "urgent";
  groupId?: number;
  q?: string;
  /** After this row of the order (the previous page's last): microseconds since the epoch and the id. */
  after?: { at: string; id: number };
  limit: number;
}

/** What both inbox queries select: one row per conversation (or child), with its last message and unread state. */
const fields = (userId: number, language: Language) => ({
  conversationId: c.id,
  studentId: students.id,
  studentName: personName(students),
  group: groupLabelIn(language),
  lastBody: messages.body,
  lastAuthor: personName(users),
  lastFamily: messages.authorIsFamily,
  lastAt: messages.createdAt,
  unread: sql<number>`coalesce(${unreadCount(userId)}, 0)`,
  urgent: sql<boolean>`coalesce(${urgentCond(userId)}, false)`,
  /** The keyset cursor's time, exact to the microsecond (a JavaScript Date keeps milliseconds). */
  cursorAt: sql<string>`(extract(epoch from ${c.lastMessageAt}) * 1000000)::bigint::text`,
});

/** The filters shared by both inboxes: a group (this year's), a name or a message's text, unread or urgent. */
function filters(q: PageQuery): (SQL | undefined)[] {
  const term = q.q ? likeTerm(q.q) : null;
  return [
    q.groupId === undefined ? undefined : eq(studentGroups.groupId, q.groupId),
    term === null
      ? undefined
      : sql`(${searchableName(students)} ilike ${term} or exists (select 1 from ${messages} t
              where t.school_id = ${c.schoolId} and t.conversation_id = ${c.id} and t.body ilike ${term}))`,
    q.filter === "unread" ? unreadCond(q.userId) : q.filter === "urgent" ? urgentCond(q.userId) : undefined,
  ];
}

/**
 * Staff: the scope's conversations, newest activity first, `limit + 1` rows from the keyset position (the extra row
 * says another page exists). The order is the activity index's own, so a director's first page over 10 000
 * conversations reads a page's worth of rows.
 */
export function staffPage(tx: Tx, q: PageQuery) {
  const after = q.after
    ? sql`(${c.lastMessageAt}, ${c.id}) < (timestamptz 'epoch' + ${q.after.at}::bigint * interval '1 microsecond', ${q.after.id}::integer)`
    : undefined;
  return tx
    .select(fields(q.userId, q.language))
    .from(c)
    .innerJoin(students, sameSchool(students, c, eq(students.id, c.studentId)))
    .leftJoin(r, readsOf(q.userId))
    .leftJoin(messages, sameSchool(messages, c, eq(messages.id, c.lastMessageId)))
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        c,
        eq(studentGroups.studentId, c.studentId),
        eq(studentGroups.schoolYearId, q.yearId ?? -1),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .leftJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(c, q.schoolId, scopeCond(q.scope), after, ...filters(q)))
    .orderBy(desc(c.lastMessageAt), desc(c.id))
    .limit(q.limit + 1);
}

/** A family: one row per child of theirs (with or without a conversation), in class-list order. */
export function familyPage(tx: Tx, q: PageQuery & { scope: { kind: "family"; childIds: number[] } }) {
  if (q.scope.childIds.length === 0) return Promise.resolve([]);
  return tx
    .select(fields(q.userId, q.language))
    .from(students)
    .leftJoin(c, sameSchool(c, students, eq(c.studentId, students.id)))
    .leftJoin(r, readsOf(q.userId))
    .leftJoin(messages, sameSchool(messages, c, eq(messages.id, c.lastMessageId)))
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(
      studentGroups,
      sameSchool(
        studentGroups,
        students,
        eq(studentGroups.studentId, students.id),
        eq(studentGroups.schoolYearId, q.yearId ?? -1),
      ),
    )
    .leftJoin(groups, sameSchool(groups, studentGroups, eq(groups.id, studentGroups.groupId)))
    .leftJoin(grades, sameSchool(grades, groups, eq(grades.id, groups.gradeId)))
    .leftJoin(sections, sameSchool(sections, grades, eq(sections.id, grades.sectionId)))
    .where(ofSchool(students, q.schoolId, inArray(students.id, q.scope.childIds), ...filters(q)))
    .orderBy(...classListOrder(students));
}

export type InboxRow = Awaited<ReturnType<typeof familyPage>>[number];
