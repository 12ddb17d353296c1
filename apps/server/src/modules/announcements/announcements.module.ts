import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { announcementsRoutes } from "./announcements.routes.ts";
import { createAnnouncementsService, MAIL_QUEUE } from "./announcements.service.ts";
import { announcementFilesRoutes } from "./attachments.routes.ts";
import { createAnnouncementFiles } from "./attachments.service.ts";

type Needs = Pick<ModuleDeps, "db" | "config" | "events" | "mailer" | "files" | "jobs"> & {
  notifications: NotificationsService;
};

/** Announcements to families (issue 27 §2): sending, reading and confirming, the sender's figures, reminders. */
export const announcementsModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const files = createAnnouncementFiles({ db: ctx.db, uploadsDir: ctx.config.UPLOADS_DIR, files: ctx.files });
  const service = createAnnouncementsService({
    db: ctx.db,
    config: ctx.config,
    jobs: ctx.jobs,
    mailer: ctx.mailer,
    notifications: ctx.notifications,
    events: ctx.events,
    files,
  });
  ctx.jobs.work<Parameters<typeof service.mail>[0]>(MAIL_QUEUE, (job) => service.mail(job.data));
  await app.register(announcementsRoutes, { service });
  await app.register(announcementFilesRoutes, { files, service, appDomain: ctx.config.APP_DOMAIN });
};
