import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import { onlineMembers } from "../../plugins/realtime.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { attachmentsRoutes } from "./attachments.routes.ts";
import { createAttachmentsService } from "./attachments.service.ts";
import { createDelivery } from "./delivery.ts";
import { inboxRoutes } from "./inbox.routes.ts";
import { type AnnouncementsUnread, createInboxService } from "./inbox.service.ts";
import { createConversationPdf } from "./pdf.service.ts";
import { createSendService } from "./send.service.ts";
import { threadRoutes } from "./thread.routes.ts";
import { createThreadService } from "./thread.service.ts";

type Needs = Pick<ModuleDeps, "db" | "config" | "events" | "mailer" | "files" | "background"> & {
  notifications: NotificationsService;
  /** Unopened announcements for the Messages badge, when the announcements module provides it (else 0). */
  announcementsUnread?: AnnouncementsUnread;
};

/** Conversations between a student's school team and the student's family, and the inbox (issue 27 §1, §3). */
export const messagesModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const inbox = createInboxService({ db, announcementsUnread: ctx.announcementsUnread });
  const delivery = createDelivery({
    db,
    config,
    mailer: ctx.mailer,
    notifications: ctx.notifications,
    events: ctx.events,
    background: ctx.background,
    // Socket.IO presence through the realtime plugin's server (every instance, through the adapter).
    presence: (schoolId, userIds) => onlineMembers(app.io, schoolId, userIds),
    unreadOf: inbox.unreadOf,
  });
  const thread = createThreadService({ db, delivery, unread: inbox.unread });
  await app.register(threadRoutes, {
    thread,
    send: createSendService({ db, delivery, thread }),
    pdf: createConversationPdf({ db, thread }),
  });
  await app.register(inboxRoutes, { inbox });
  await app.register(attachmentsRoutes, {
    attachments: createAttachmentsService({ db, uploadsDir: config.UPLOADS_DIR, files: ctx.files }),
    appDomain: config.APP_DOMAIN,
  });
};
