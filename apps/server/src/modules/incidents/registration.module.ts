import type { FastifyPluginAsync } from "fastify";
import type { ModuleDeps } from "../../lib/module-deps.ts";
import { type AdjustmentMarkers, noMarkers } from "../../lib/student-markers.ts";
import type { NotificationsService } from "../notifications/index.ts";
import { attachmentsRoutes } from "./attachments.routes.ts";
import { createAttachmentsService } from "./attachments.service.ts";
import { createCorrectionsService } from "./corrections.service.ts";
import { familyTextRoutes } from "./family-text.routes.ts";
import { createFamilyTextService } from "./family-text.service.ts";
import { createIncidentNotifier } from "./incident-notifications.ts";
import { createOverdueHandler, workOverdueSteps } from "./protocol.job.ts";
import { protocolRoutes } from "./protocol.routes.ts";
import { createProtocolService } from "./protocol.service.ts";
import { registrationRoutes } from "./registration.routes.ts";
import { createRegistrationService } from "./registration.service.ts";
import { createRegistrationOptionsService } from "./registration-options.service.ts";
import { statusesRoutes } from "./statuses.routes.ts";
import { createStatusesService } from "./statuses.service.ts";

/**
 * Registering incidents, correcting them, their evidence files and their statuses (issue 5), with the
 * notifications that go with registering, closing and cancelling.
 */
export const incidentsRegistrationModule: FastifyPluginAsync<{
  ctx: Pick<ModuleDeps, "db" | "config" | "events" | "mailer" | "files" | "jobs"> & {
    notifications: NotificationsService;
    /** Issue 28 §3: the inclusion module's adjustment markers beside the students to choose. */
    adjustmentMarkers?: AdjustmentMarkers;
    /** Issue 29 §4: the nursing module's health alert markers beside the students to choose. */
    healthAlertMarkers?: AdjustmentMarkers;
  };
}> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const notifier = createIncidentNotifier({
    db,
    config,
    mailer: ctx.mailer,
    notifications: ctx.notifications,
    log: (msg) => app.log.warn(msg),
  });
  await app.register(registrationRoutes, {
    options: createRegistrationOptionsService({
      db,
      markers: ctx.adjustmentMarkers ?? noMarkers,
      health: ctx.healthAlertMarkers ?? noMarkers,
    }),
    registration: createRegistrationService({ db, notifier, events: ctx.events, jobs: ctx.jobs }),
    corrections: createCorrectionsService({ db, notifier, jobs: ctx.jobs }),
  });
  await app.register(statusesRoutes, { statuses: createStatusesService({ db, notifier }) });
  // Issue 30 §2: the protocol an incident runs, and each step's overdue notice at its deadline.
  await app.register(protocolRoutes, { protocol: createProtocolService({ db }) });
  workOverdueSteps(ctx.jobs, createOverdueHandler({ db, notifications: ctx.notifications }));
  await app.register(familyTextRoutes, { familyText: createFamilyTextService({ db }) });
  await app.register(attachmentsRoutes, {
    attachments: createAttachmentsService({ db, uploadsDir: config.UPLOADS_DIR, files: ctx.files }),
    appDomain: config.APP_DOMAIN,
  });
};
