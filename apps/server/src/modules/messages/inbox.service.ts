import type { InboxItem, InboxPage, InboxQuery, MessagesUnread } from "@convive/domain";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { inSchool } from "../../lib/tenant-db.ts";
import type { Tenant } from "../../plugins/access.ts";
import type { Viewer } from "../incidents/index.ts";
import { currentYear } from "../school-years/index.ts";
import * as access from "./access.repository.ts";
import { type InboxScope, inboxScope } from "./access.ts";
import * as repo from "./inbox.repository.ts";

/**
 * Announcements a family member has not opened yet, for the Messages tab's badge. The announcements module hands it
 * in through the module context (`announcementsUnread`); without it the count is 0.
 */
export type AnnouncementsUnread = (tenant: Tenant, userId: number) => Promise<number>;

/** The keyset cursor: the last row's activity (µs since the epoch) and id, as an opaque string. */
const encodeCursor = (row: repo.InboxRow) =>
  Buffer.from(`${row.cursorAt}.${row.conversationId ?? 0}`).toString("base64url");
function decodeCursor(cursor: string) {
  const match = /^(\d{1,20})\.(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw new AppError("VALIDATION", { cursor: "VALIDATION" });
  return { at: match[1]!, id: Number(match[2]) };
}

const present = (row: repo.InboxRow): InboxItem => ({
  conversation_id: row.conversationId,
  student: { id: row.studentId, name: row.studentName, group: row.group },
  last_message:
    row.lastAt === null
      ? null
      : {
          body: row.lastBody ?? "",
          author_name: row.lastAuthor ?? "",
          family: row.lastFamily ?? false,
          created_at: row.lastAt.toISOString(),
        },
  unread: row.unread,
  urgent: row.urgent,
});

/**
 * The inbox (issue 27 §3): staff see the conversations of their scope, newest activity first, a keyset page at a
 * time; a family sees one item per child of theirs, even before any message, in class-list order. Both filter by
 * unread or urgent, by this year's group and by a student's name or a message's text. Read under row-level
 * security (inSchool): the statement composes the most SQL of the module.
 */
export function createInboxService(deps: { db: Db; announcementsUnread?: AnnouncementsUnread }) {
  const { db } = deps;

  const scopeOf = (tx: Tx, viewer: Viewer) =>
    inboxScope(tx, viewer.tenant.schoolId, {
      userId: viewer.userId,
      profileName: viewer.tenant.profileName,
      grants: viewer.tenant.grants,
    });

  async function page(viewer: Viewer, query: InboxQuery): Promise<InboxPage> {
    const { schoolId } = viewer.tenant;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const [scope, year] = await Promise.all([scopeOf(db, viewer), currentYear(db, schoolId)]);
    const q: repo.PageQuery = {
      schoolId,
      userId: viewer.userId,
      scope,
      yearId: year?.id ?? null,
      language: viewer.language ?? "es",
      filter: query.filter,
      groupId: query.group_id,
      q: query.q || undefined,
      after,
      limit: query.limit,
    };
    if (scope.kind === "family") {
      // A family's children fit one page: no cursor.
      const rows = await inSchool(db, schoolId, (tx) => repo.familyPage(tx, { ...q, scope }));
      return { conversations: rows.map(present), next_cursor: null };
    }
    const rows = await inSchool(db, schoolId, (tx) => repo.staffPage(tx, q));
    const shown = rows.slice(0, query.limit);
    return {
      conversations: shown.map(present),
      next_cursor: rows.length > query.limit ? encodeCursor(shown[shown.length - 1]!) : null,
    };
  }

  /** The badge of one reader whose scope is known. */
  async function unreadIn(tenant: Tenant, userId: number, scope: InboxScope): Promise<MessagesUnread> {
    const [conversations, announcements] = await Promise.all([
      inSchool(db, tenant.schoolId, (tx) => repo.unreadConversations(tx, tenant.schoolId, userId, scope)),
      deps.announcementsUnread ? deps.announcementsUnread(tenant, userId) : 0,
    ]);
    return { conversations, announcements, total: conversations + announcements };
  }

  /** The Messages tab's badge: conversations with a message the reader has not read (and unopened announcements). */
  async function unread(viewer: Viewer): Promise<MessagesUnread> {
    return unreadIn(viewer.tenant, viewer.userId, await scopeOf(db, viewer));
  }

  /**
   * The badges of other members (a message's participants), to push after a send or a read. Members without
   * messages.read are left out: they have no Messages tab.
   */
  async function unreadOf(schoolId: string, userIds: readonly number[]): Promise<Map<number, MessagesUnread>> {
    const members = await access.memberAccess(db, schoolId, userIds);
    const out = new Map<number, MessagesUnread>();
    for (const m of members) {
      if (!m.grants.has("messages.read")) continue;
      const tenant: Tenant = { schoolId, profileId: 0, profileName: m.profileName, grants: m.grants };
      const scope = await inboxScope(db, schoolId, { userId: m.userId, profileName: m.profileName, grants: m.grants });
      out.set(m.userId, await unreadIn(tenant, m.userId, scope));
    }
    return out;
  }

  return { page, unread, unreadOf };
}

export type InboxService = ReturnType<typeof createInboxService>;
