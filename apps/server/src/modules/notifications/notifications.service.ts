import type { Language, NotificationItem } from "@convive/domain";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import * as bell from "./bell.repository.ts";
import { renderNotification } from "./notification-texts.ts";
import * as repo from "./notifications.repository.ts";
import * as standing from "./standing.repository.ts";

export interface NotifyInput {
  schoolId: string;
  /** Recipients; duplicates are dropped and anyone who is not an active member of the school is skipped. */
  userIds: readonly number[];
  /** A key of the text catalogue (notification-texts.ts); unknown types render a generic text. */
  type: string;
  /** Values for the `{placeholders}` of the type's texts. */
  params?: Record<string, string | number>;
  /** Where the web goes when the notification is clicked, e.g. `/incidents/12`. */
  link?: string | null;
}

export interface Notified {
  /** One entry per recipient who got the notification, with their new bell count. */
  delivered: repo.Delivered[];
  /**
   * Announces `notifications.created` once for all recipients, each with their new bell count (once; later calls
   * do nothing).
   * Called by `notify` itself when it ran on the bare database; a caller that passed its own transaction calls it
   * after that transaction commits, so nobody is told about rows a rollback would take back.
   */
  publish: () => void;
}

/** Where a notification is read: the reader's language and the school's clock. */
interface Reading {
  language: Language;
  timeZone: string;
}

function toItem(row: repo.NotificationRow, { language, timeZone }: Reading): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    ...renderNotification(row.type, row.params, language, timeZone),
    link: row.link,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function createNotificationsService(deps: { db: Db; events: EventBus }) {
  const { db, events } = deps;

  /**
   * Sends one notification to each active member among `userIds`, raising their bell counts in the same
   * transaction. Pass a transaction to make it part of a larger change (then call `publish()` after commit).
   */
  async function notify(tx: Tx, input: NotifyInput): Promise<Notified> {
    const userIds = [...new Set(input.userIds)];
    const delivered =
      userIds.length === 0
        ? []
        : await repo.insertForActiveMembers(tx, {
            schoolId: input.schoolId,
            userIds,
            type: input.type,
            params: input.params ?? {},
            link: input.link ?? null,
          });
    let published = false;
    const publish = () => {
      if (published) return;
      published = true;
      if (delivered.length > 0) {
        events.emit("notifications.created", {
          schoolId: input.schoolId,
          delivered: delivered.map(({ id, userId, count }) => ({ id, userId, count })),
        });
      }
    };
    if (!(tx instanceof PgTransaction)) publish();
    return { delivered, publish };
  }

  /**
   * Texts are rendered when read, in the language of the screen reading them (the request's), so one event reads
   * right for every recipient and a person who switches language reads their notifications in it; the saved
   * language when the request names none.
   */
  async function languageOf(userId: number, asked: Language | undefined): Promise<Language> {
    if (asked) return asked;
    return (await repo.readerLanguage(db, userId)) === "en" ? "en" : "es";
  }

  /** The caller's notifications in the school, newest first, a page at a time (cursor = last id seen). */
  async function list(tenant: Tenant, userId: number, page: { cursor?: number; limit: number }, asked?: Language) {
    const [language, timeZone, rows, unread] = await Promise.all([
      languageOf(userId, asked),
      repo.schoolTimeZone(db, tenant.schoolId),
      repo.listPage(db, tenant.schoolId, userId, page.cursor, page.limit + 1),
      repo.countUnread(db, tenant.schoolId, userId),
    ]);
    const items = rows.slice(0, page.limit);
    return {
      notifications: items.map((row) => toItem(row, { language, timeZone })),
      next_cursor: rows.length > page.limit ? items[items.length - 1]!.id : null,
      unread_count: unread,
    };
  }

  /**
   * Marks one of the caller's notifications read; another user's or another school's is 404. A notification the
   * bell counted comes off it, and every screen of the reader hears the new count (`notifications.count`), so
   * their bells and lists agree with this one (issue 12 §4).
   */
  async function markRead(tenant: Tenant, userId: number, id: number, asked?: Language) {
    const { schoolId } = tenant;
    const done = await db.transaction(async (tx) => {
      const counted = await bell.countedByBell(tx, schoolId, userId, id);
      const row = await repo.markRead(tx, schoolId, userId, id);
      return row && { row, unviewed: await bell.settle(tx, schoolId, userId, counted ? 1 : 0) };
    });
    if (!done) throw new AppError("NOT_FOUND");
    events.emit("notifications.count", { schoolId, userId, count: done.unviewed });
    const [language, timeZone, unread] = await Promise.all([
      languageOf(userId, asked),
      repo.schoolTimeZone(db, schoolId),
      repo.countUnread(db, schoolId, userId),
    ]);
    return {
      notification: toItem(done.row, { language, timeZone }),
      unread_count: unread,
      unviewed_notifications_count: done.unviewed,
    };
  }

  /** Marks all of the caller's notifications read: the bell clears too, on every screen of the reader. */
  async function markAllRead(tenant: Tenant, userId: number) {
    const updated = await repo.markAllRead(db, tenant.schoolId, userId);
    const unviewed = await bell.settle(db, tenant.schoolId, userId, 0);
    events.emit("notifications.count", { schoolId: tenant.schoolId, userId, count: unviewed });
    // Counted again rather than assumed 0: a notification may have arrived since.
    const unread = await repo.countUnread(db, tenant.schoolId, userId);
    return { updated, unread_count: unread, unviewed_notifications_count: unviewed };
  }

  /**
   * Notifications that say how something stands (the setup reminder's "N of 7 stages") follow it, never left stale:
   * `restate` rewrites the parameters of the school's notifications of `type` without raising anyone's bell.
   */
  function restate(tx: Tx, input: { schoolId: string; type: string; params: Record<string, string | number> }) {
    return standing.restateOfType(tx, input.schoolId, input.type, input.params);
  }

  /**
   * Withdraws the school's notifications of `type` once what they ask for is done; the ones a recipient had not
   * yet seen come off their bell. Call `publish()` after the transaction commits to announce the new counts.
   */
  async function withdraw(tx: Tx, input: { schoolId: string; type: string }) {
    const counts = await standing.deleteOfType(tx, input.schoolId, input.type);
    const publish = () => {
      for (const { userId, count } of counts) {
        events.emit("notifications.count", { schoolId: input.schoolId, userId, count });
      }
    };
    return { counts, publish };
  }

  return { notify, list, markRead, markAllRead, restate, withdraw };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
