import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { type AdjustmentMarkers, type HealthAlertMarkers, noMarkers } from "../../lib/student-markers.ts";
import { archiveRoutes } from "./archive.routes.ts";
import { createArchiveService } from "./archive.service.ts";
import { createAttachmentsDownloadService } from "./attachments-download.service.ts";
import { detailsRoutes } from "./details.routes.ts";
import { createDetailsService } from "./details.service.ts";
import { createExportService } from "./export.service.ts";

/** Reading incidents (issue 5): the archive, its XLSX export, the details, the printable PDF and evidence files. */
export const incidentsArchiveModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config"> & {
    adjustmentMarkers?: AdjustmentMarkers;
    healthAlertMarkers?: HealthAlertMarkers;
  };
}> = async (app, { ctx }) => {
  const { db, config } = ctx;
  await app.register(archiveRoutes, {
    archive: createArchiveService({ db }),
    exporter: createExportService({ db, log: (message) => app.log.error(message) }),
  });
  await app.register(detailsRoutes, {
    details: createDetailsService({
      db,
      markers: ctx.adjustmentMarkers ?? noMarkers,
      health: ctx.healthAlertMarkers ?? noMarkers,
    }),
    downloads: createAttachmentsDownloadService({ db, uploadsDir: config.UPLOADS_DIR }),
    uploadsDir: config.UPLOADS_DIR,
  });
};
