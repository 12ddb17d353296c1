import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { type AdjustmentMarkers, type HealthAlertMarkers, noMarkers } from "../../lib/student-markers.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { createAcknowledgementReminders } from "./acknowledgements.reminders.ts";
import { acknowledgementsRoutes } from "./acknowledgements.routes.ts";
import { createAcknowledgementsService } from "./acknowledgements.service.ts";
import { archiveRoutes } from "./archive.routes.ts";
import { createArchiveService } from "./archive.service.ts";
import { createAttachmentsDownloadService } from "./attachments-download.service.ts";
import { detailsRoutes } from "./details.routes.ts";
import { createDetailsService } from "./details.service.ts";
import { createExportService } from "./export.service.ts";

/**
 * Reading incidents (issue 5): the archive, its XLSX export, the details, the printable PDF and evidence files; and
 * the families' acknowledgements of what they read, with staff's reminders (issue 30 §1).
 */
export const incidentsArchiveModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "mailer"> & {
    notifications: NotificationsService;
    adjustmentMarkers?: AdjustmentMarkers;
    healthAlertMarkers?: HealthAlertMarkers;
  };
}> = async (app, { ctx }) => {
  const { db, config } = ctx;
  await app.register(archiveRoutes, {
    archive: createArchiveService({ db }),
    exporter: createExportService({ db, log: (message) => app.log.error(message) }),
  });
  const acknowledgements = createAcknowledgementsService({ db, notifications: ctx.notifications });
  await app.register(acknowledgementsRoutes, {
    acknowledgements,
    reminders: createAcknowledgementReminders({ db, config, mailer: ctx.mailer, notifications: ctx.notifications }),
  });
  await app.register(detailsRoutes, {
    acknowledgements,
    details: createDetailsService({
      db,
      markers: ctx.adjustmentMarkers ?? noMarkers,
      health: ctx.healthAlertMarkers ?? noMarkers,
    }),
    downloads: createAttachmentsDownloadService({ db, uploadsDir: config.UPLOADS_DIR }),
    uploadsDir: config.UPLOADS_DIR,
  });
};
