import type {
  Announcement,
  AnnouncementAudience,
  AnnouncementDetail,
  AnnouncementsPage,
  Language,
  SendAnnouncementBody,
} from "@convive/domain";
import { ROLE_FAMILIAR } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { familyReadersOf } from "../../lib/family-reader.ts";
import type { JobRunner } from "../../lib/jobs.ts";
import { schoolLink } from "../../lib/links.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Tenant } from "../../plugins/access.ts";
import { myGroupIds, type Viewer } from "../incidents/index.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { renderNotification } from "../notifications/index.ts";
import { currentYear } from "../school-years/index.ts";
import * as repo from "./announcements.repository.ts";
import type { AnnouncementFiles } from "./attachments.service.ts";
import { addressesEverything, audiencesFor, isOffered, WHOLE_SCHOOL } from "./audiences.ts";

/** Writes the recipients' e-mails after the answer: an announcement to a thousand families answers at once. */
export const MAIL_QUEUE = "announcement-mail";

export const announcementLink = (id: number) => `/notifications?tab=messages&announcement=${id}`;

const languageOf = (viewer: Viewer): Language => viewer.language ?? "es";
const isFamily = (tenant: Tenant) => tenant.profileName === ROLE_FAMILIAR;

/**
 * Announcements to families (issue 27 §2): sent by staff holding announcements.create to an audience of their scope,
 * recipients written in the same transaction as the announcement with their in-app notifications (one statement
 * each), e-mails written to the outbox by a job right after (quiet hours hold them); read and confirmed by families;
 * followed per group by the sender, with a reminder to whoever has not read or confirmed.
 */
export function createAnnouncementsService(deps: {
  db: Db;
  config: Config;
  jobs: JobRunner;
  mailer: Mailer;
  notifications: NotificationsService;
  events: EventBus;
  files: AnnouncementFiles;
}) {
  const { db } = deps;

  async function yearOf(schoolId: string) {
    const year = await currentYear(db, schoolId);
    if (!year) throw new AppError("ANNOUNCEMENT_NO_FAMILIES");
    return year.id;
  }

  async function audiences(viewer: Viewer) {
    const year = await currentYear(db, viewer.tenant.schoolId);
    if (!year) return { options: [] };
    const { options } = await audiencesFor(db, { ...viewer, language: languageOf(viewer) }, year.id);
    return { options };
  }

  /** The scope of the staff list: the whole school, or what a teacher sent and what reached her groups. */
  async function staffScope(viewer: Viewer) {
    if (addressesEverything(viewer.tenant)) return { kind: "school" as const };
    return { kind: "groups" as const, groupIds: await myGroupIds(db, viewer.tenant.schoolId, viewer.userId) };
  }

  async function present(viewer: Viewer, rows: repo.AnnouncementRow[]): Promise<Announcement[]> {
    if (rows.length === 0) return [];
    const { schoolId } = viewer.tenant;
    const family = isFamily(viewer.tenant);
    const files = await deps.files.ofAnnouncements(
      schoolId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const audience = (
        r.audienceKind === "school" ? { kind: "school" } : { kind: r.audienceKind, id: r.audienceId! }
      ) as AnnouncementAudience;
      return {
        id: r.id,
        title: r.title,
        body: r.body,
        audience_label: audience.kind === "school" ? WHOLE_SCHOOL[languageOf(viewer)] : (r.audienceName ?? "—"),
        audience,
        needs_confirmation: r.needsConfirmation,
        author: { id: r.authorId, name: r.authorName, role: r.authorRole ?? "", family: false },
        created_at: new Date(r.createdAt).toISOString(),
        attachments: files.get(r.id) ?? [],
        totals: family ? null : { recipients: r.recipients, read: r.read, confirmed: r.confirmed },
        mine: family
          ? {
              read_at: r.myReadAt ? new Date(r.myReadAt).toISOString() : null,
              confirmed_at: r.myConfirmedAt ? new Date(r.myConfirmedAt).toISOString() : null,
            }
          : null,
      };
    });
  }

  async function list(viewer: Viewer, page: { cursor?: number; limit: number }): Promise<AnnouncementsPage> {
    const scope = isFamily(viewer.tenant) ? { kind: "family" as const } : await staffScope(viewer);
    const rows = await repo.listAnnouncements(
      db,
      viewer.tenant.schoolId,
      { userId: viewer.userId, language: languageOf(viewer) },
      scope,
      { cursor: page.cursor, limit: page.limit + 1 },
    );
    const shown = rows.slice(0, page.limit);
    return {
      announcements: await present(viewer, shown),
      next_cursor: rows.length > page.limit ? shown[shown.length - 1]!.id : null,
    };
  }

  /** One announcement the reader may see (404 otherwise), with the sender's figures for staff. */
  async function detail(viewer: Viewer, id: number): Promise<AnnouncementDetail> {
    const { schoolId } = viewer.tenant;
    const family = isFamily(viewer.tenant);
    const scope = family ? { kind: "family" as const } : await staffScope(viewer);
    const [row] = await repo.listAnnouncements(
      db,
      schoolId,
      { userId: viewer.userId, language: languageOf(viewer) },
      scope,
      { id, limit: 1 },
    );
    if (!row) throw new AppError("NOT_FOUND");
    const [shown] = await present(viewer, [row]);
    if (family) return { ...shown!, groups: [], pending: [] };
    const [groups, pending] = await Promise.all([
      repo.groupStats(db, schoolId, id, languageOf(viewer)),
      repo.pendingOf(db, schoolId, id, row.needsConfirmation, languageOf(viewer)),
    ]);
    return {
      ...shown!,
      groups: groups.map((g) => ({
        group_id: g.groupId,
        group: g.group,
        recipients: g.recipients,
        read: g.read,
        confirmed: g.confirmed,
      })),
      pending: pending.map((p) => ({
        user_id: p.userId,
        name: p.name,
        group: p.group,
        students: p.students,
        read: p.read,
      })),
    };
  }

  async function send(viewer: Viewer, body: SendAnnouncementBody): Promise<AnnouncementDetail> {
    const { schoolId } = viewer.tenant;
    const yearId = await yearOf(schoolId);
    const { options } = await audiencesFor(db, { ...viewer, language: languageOf(viewer) }, yearId);
    // Another school's group, a past year's, or a teacher's reach beyond her groups: not an audience of hers.
    if (!isOffered(options, body.audience)) throw new AppError("FORBIDDEN");
    const { id, publish, recipients } = await db.transaction(async (tx) => {
      const [row] = await repo.insertAnnouncement(tx, schoolId, {
        authorId: viewer.userId,
        audienceKind: body.audience.kind,
        audienceId: "id" in body.audience ? body.audience.id : null,
        title: body.title,
        body: body.body,
        needsConfirmation: body.needs_confirmation,
      });
      const announcementId = row!.id;
      if ((await repo.insertRecipients(tx, schoolId, announcementId, yearId, body.audience)) === 0) {
        throw new AppError("ANNOUNCEMENT_NO_FAMILIES");
      }
      await deps.files.attach(tx, viewer, announcementId, body.attachment_ids);
      const userIds = await repo.recipientIds(tx, schoolId, announcementId);
      const notified = await deps.notifications.notify(tx, {
        schoolId,
        userIds,
        type: "announcement.received",
        params: { title: body.title },
        link: announcementLink(announcementId),
      });
      await deps.jobs.send(MAIL_QUEUE, { schoolId, announcementId, kind: "sent" }, { tx });
      return { id: announcementId, publish: notified.publish, recipients: userIds };
    });
    publish();
    announce(schoolId, id, recipients);
    return detail(viewer, id);
  }

  /** Pushes to the recipients' screens that an announcement arrived (their badge and list read again). */
  function announce(schoolId: string, id: number, userIds: readonly number[]) {
    if (userIds.length === 0) return;
    deps.events.emit("user.push", {
      schoolId,
      event: "announcements:new",
      deliveries: userIds.map((userId) => ({ userId, payload: { announcement_id: id } })),
    });
  }

  /** A family member opens it (read) or confirms it; another reader's id is 404. */
  async function mark(viewer: Viewer, id: number, confirm: boolean) {
    const { schoolId } = viewer.tenant;
    const [row] = await repo.listAnnouncements(
      db,
      schoolId,
      { userId: viewer.userId, language: languageOf(viewer) },
      { kind: "family" },
      { id, limit: 1 },
    );
    if (!row || !isFamily(viewer.tenant)) throw new AppError("NOT_FOUND");
    if (confirm && !row.needsConfirmation) throw new AppError("CONFLICT");
    await repo.markRecipient(db, schoolId, id, viewer.userId, confirm);
    deps.events.emit("user.push", {
      schoolId,
      event: "announcements:new",
      deliveries: [{ userId: viewer.userId, payload: { announcement_id: id } }],
    });
    return detail(viewer, id);
  }

  /** Reminds the pending recipients (each at most once per 12 hours); how many were reminded. */
  async function remind(viewer: Viewer, id: number) {
    const { schoolId } = viewer.tenant;
    const shown = await detail(viewer, id);
    if (shown.author.id !== viewer.userId && !addressesEverything(viewer.tenant)) throw new AppError("FORBIDDEN");
    const { publish, userIds } = await db.transaction(async (tx) => {
      const ids = await repo.takeReminders(tx, schoolId, id, shown.needs_confirmation);
      const notified = await deps.notifications.notify(tx, {
        schoolId,
        userIds: ids,
        type: "announcement.reminder",
        params: { title: shown.title },
        link: announcementLink(id),
      });
      if (ids.length > 0)
        await deps.jobs.send(MAIL_QUEUE, { schoolId, announcementId: id, kind: "reminder", userIds: ids }, { tx });
      return { publish: notified.publish, userIds: ids };
    });
    publish();
    announce(schoolId, id, userIds);
    return { reminded: userIds.length };
  }

  /**
   * The mail job: one e-mail per recipient in their language, through the outbox (toFamily: quiet hours hold it),
   * what it says passed through the family reader. A sent announcement's recipients are claimed (mailed_at) in the
   * job's own transaction, so a rerun writes nobody twice; a reminder's list comes in the job.
   */
  async function mail(data: {
    schoolId: string;
    announcementId: number;
    kind: "sent" | "reminder";
    userIds?: number[];
  }) {
    const { schoolId, announcementId } = data;
    await db.transaction(async (tx) => {
      const userIds =
        data.kind === "sent" ? await repo.takeUnmailed(tx, schoolId, announcementId) : (data.userIds ?? []);
      if (userIds.length === 0) return;
      const [row] = await repo.titleOf(tx, schoolId, announcementId);
      if (!row) return;
      const boxes = await repo.mailboxes(tx, userIds);
      const readerOf = await familyReadersOf(tx, schoolId, userIds);
      const link = schoolLink(deps.config, schoolId, announcementLink(announcementId));
      const type = data.kind === "sent" ? "announcement.received" : "announcement.reminder";
      for (const box of boxes) {
        const language: Language = box.language === "en" ? "en" : "es";
        const reader = readerOf(box.id, language);
        const say = (value: string) => (reader ? reader.text(value) : value);
        const { title } = renderNotification(type, { title: row.title }, language, row.timeZone);
        const text = [say(row.title), "", say(row.body), "", link, "", "Convive"].join("\n");
        // One after another: a transaction runs one statement at a time.
        await deps.mailer.send({ to: box.email, subject: say(title), text, schoolId, toFamily: true }, tx);
      }
    });
  }

  return { audiences, list, detail, send, mark, remind, mail };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

/** The unopened announcements of a family member, for the Messages badge (messages module's hook). */
export const announcementsUnreadOf = (db: Db) => (tenant: Tenant, userId: number) =>
  isFamily(tenant) ? repo.unreadCount(db, tenant.schoolId, userId) : Promise.resolve(0);
