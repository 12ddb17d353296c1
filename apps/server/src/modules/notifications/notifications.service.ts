import type { Language, NotificationItem } from "@convive/domain";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Tenant } from "../../plugins/access.ts";
import { renderNotification } from "./notification-texts.ts";
import * as repo from "./notifications.repository.ts";

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

function toItem(row: repo.NotificationRow, language: Language): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    ...renderNotification(row.type, row.params, language),
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
    const [language, rows, unread] = await Promise.all([
      languageOf(userId, asked),
      repo.listPage(db, tenant.schoolId, userId, page.cursor, page.limit + 1),
      repo.countUnread(db, tenant.schoolId, userId),
    ]);
    const items = rows.slice(0, page.limit);
    return {
      notifications: items.map((row) => toItem(row, language)),
      next_cursor: rows.length > page.limit ? items[items.length - 1]!.id : null,
      unread_count: unread,
    };
  }

  /** Marks one of the caller's notifications read; another user's or another school's is 404. */
  async function markRead(tenant: Tenant, userId: number, id: number, asked?: Language) {
    const row = await repo.markRead(db, tenant.schoolId, userId, id);
    if (!row) throw new AppError("NOT_FOUND");
    const [language, unread] = await Promise.all([
      languageOf(userId, asked),
      repo.countUnread(db, tenant.schoolId, userId),
    ]);
    return { notification: toItem(row, language), unread_count: unread };
  }

  async function markAllRead(tenant: Tenant, userId: number) {
    const updated = await repo.markAllRead(db, tenant.schoolId, userId);
    // Counted again rather than assumed 0: a notification may have arrived since.
    return { updated, unread_count: await repo.countUnread(db, tenant.schoolId, userId) };
  }

  return { notify, list, markRead, markAllRead };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
