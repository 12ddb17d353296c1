import type { ModuleDeps, ModulePlugin } from "../../lib/module-deps.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createFormExport } from "./export.service.ts";
import { formFilesRoutes } from "./files.routes.ts";
import { createFormFiles } from "./files.service.ts";
import { formsRoutes } from "./forms.routes.ts";
import { createForms } from "./forms.service.ts";
import { createReminderSweep, scheduleReminderSweep } from "./reminders.job.ts";
import { createFormSending, FORM_MAIL_QUEUE, type MailJob } from "./send.service.ts";
import { createFormTemplates } from "./templates.service.ts";

type Needs = Pick<ModuleDeps, "db" | "config" | "jobs" | "mailer" | "files"> & { notifications: NotificationsService };

/** Forms to parents and the form configurator (issue 29 §1, §2). */
export const formsModule: ModulePlugin<Needs> = async (app, { ctx }) => {
  const deps = { db: ctx.db, config: ctx.config, jobs: ctx.jobs, mailer: ctx.mailer, notifications: ctx.notifications };
  const sending = createFormSending(deps);
  const service = createForms(deps);
  ctx.jobs.work<MailJob>(FORM_MAIL_QUEUE, (job) => sending.mail(job.data));
  await scheduleReminderSweep(ctx, createReminderSweep(deps));
  await app.register(formsRoutes, {
    templates: createFormTemplates({ db: ctx.db }),
    sending,
    service,
    exporter: createFormExport({ db: ctx.db, forms: service, log: (m) => app.log.warn(m) }),
  });
  await app.register(formFilesRoutes, {
    files: createFormFiles({ db: ctx.db, uploadsDir: ctx.config.UPLOADS_DIR, files: ctx.files, forms: service }),
    appDomain: ctx.config.APP_DOMAIN,
  });
};
