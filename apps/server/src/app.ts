import type { PGlite } from "@electric-sql/pglite";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Config, liveChatOf } from "./config/config.ts";
import { type Db, openDb } from "./db/client.ts";
import { createBackground } from "./lib/background.ts";
import { createEventBus } from "./lib/events.ts";
import { createFilePool } from "./lib/file-pool.ts";
import { createJobRunner } from "./lib/jobs.ts";
import { safeLoggerOptions } from "./lib/log-safety.ts";
import { createMailer, type Transport } from "./lib/mailer.ts";
import type { ModuleDeps, ModulePlugin } from "./lib/module-deps.ts";
import { warmPdfFonts } from "./lib/pdf-fonts.ts";
import type { ReportType } from "./lib/report-types.ts";
import type { RetentionHold } from "./lib/retention-holds.ts";
import type { WorkHandover } from "./lib/work-handover.ts";
import { adminModule } from "./modules/admin/index.ts";
import { announcementsModule, announcementsUnreadOf } from "./modules/announcements/index.ts";
import { authModule, createAuth } from "./modules/auth/index.ts";
import { avatarsModule } from "./modules/avatars/index.ts";
import { consentFileSection, consentModule } from "./modules/consent/index.ts";
import {
  externalSupportFileSection,
  externalSupportModule,
  openReferralHold,
  referralsHandover,
} from "./modules/external-support/index.ts";
import { familiesModule, upsertFamilyMember } from "./modules/families/index.ts";
import { familyCopyFileSection, familyCopyModule } from "./modules/family-copy/index.ts";
import {
  followUpFileSections,
  followUpModule,
  formativeActionsHandover,
  overdueActionsReport,
  parentMeetingsHandover,
} from "./modules/follow-up/index.ts";
import { formsHandover, formsModule, pendingFormsReport } from "./modules/forms/index.ts";
import { gradeConfigModule } from "./modules/grade-config/index.ts";
import { helpVideosModule } from "./modules/help-videos/index.ts";
import { importsModule } from "./modules/imports/index.ts";
import { incidentConfigModule } from "./modules/incident-config/index.ts";
import { incidentGraphModule } from "./modules/incident-graph/index.ts";
import {
  incidentSummaryReport,
  incidentsFileSection,
  incidentsModule,
  openIncidentsReport,
  openProtocolHold,
  protocolStepsHandover,
} from "./modules/incidents/index.ts";
import { adjustmentMarkers, inclusionFileSection, inclusionModule } from "./modules/inclusion/index.ts";
import { invitationsModule } from "./modules/invitations/index.ts";
import { liveChatModule } from "./modules/live-chat/index.ts";
import { messagesFileSection, messagesModule } from "./modules/messages/index.ts";
import { createNotificationsService, notificationsModule } from "./modules/notifications/index.ts";
import { healthAlertMarkers, nursingFileSection, nursingModule, nursingVisitsReport } from "./modules/nursing/index.ts";
import { createOutbox, outboxModule } from "./modules/outbox/index.ts";
import { pointsFileSection, pointsModule, recognitionsReport } from "./modules/points/index.ts";
import { profilesModule } from "./modules/profiles/index.ts";
import { profilesAdminModule } from "./modules/profiles-admin/index.ts";
import { ratingsModule } from "./modules/ratings/index.ts";
import { readLogFileSection, readLogModule } from "./modules/read-log/index.ts";
import { reenrollmentModule } from "./modules/reenrollment/index.ts";
import { retentionModule } from "./modules/retention/index.ts";
import { rollupsModule } from "./modules/rollups/index.ts";
import { scheduledReportsModule } from "./modules/scheduled-reports/index.ts";
import { schoolInfoModule } from "./modules/school-info/index.ts";
import { findMember, insertMember, schoolUsersModule } from "./modules/school-users/index.ts";
import { schoolYearsModule } from "./modules/school-years/index.ts";
import { createSetup, schoolsModule } from "./modules/schools/index.ts";
import { scorecardModule } from "./modules/scorecard/index.ts";
import { signInProvidersModule } from "./modules/sign-in-providers/index.ts";
import { strategicVisionModule } from "./modules/strategic-vision/index.ts";
import { headTeacherHandover, listGroups, structureModule } from "./modules/structure/index.ts";
import { studentFileModule } from "./modules/student-file/index.ts";
import { studentsModule } from "./modules/students/index.ts";
import { subjectsModule, teachingAssignmentsHandover } from "./modules/subjects/index.ts";
import { userReassignmentModule } from "./modules/user-reassignment/index.ts";
import { createUsers, usersModule } from "./modules/users/index.ts";
import { accessPlugin } from "./plugins/access.ts";
import { cachesPlugin, createCaches } from "./plugins/caches.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { familyRedactionPlugin } from "./plugins/family-redaction.ts";
import { healthPlugin } from "./plugins/health.ts";
import { hstsPlugin } from "./plugins/hsts.ts";
import { idempotencyPlugin } from "./plugins/idempotency.ts";
import { readLogPlugin } from "./plugins/read-log.ts";
import { realtimePlugin } from "./plugins/realtime.ts";
import { API_DOCS_POLICY, securityHeadersPlugin } from "./plugins/security-headers.ts";
import { statementTimeoutPlugin } from "./plugins/statement-timeout.ts";
import { registerWeb } from "./plugins/web.ts";

export interface AppOptions {
  config: Config;
  /** An open database to use instead of opening config.DATABASE_URL (tests hand in a cloned template). */
  db?: Db;
  pglite?: PGlite;
  mailer?: Transport;
  /** Where log lines go instead of stdout (tests read what the log would hold). */
  logStream?: { write(line: string): void };
}

/**
 * What every module plugin receives as `ctx`: the platform app.ts opens (ModuleDeps), the services more than one
 * module uses — each built by the module that owns it, through its index.ts — and the wiring that would be an
 * import cycle if the modules reached for it themselves. A module's type names the part it reads.
 */
function moduleContext(deps: ModuleDeps) {
  const notifications = createNotificationsService(deps);
  const setup = createSetup({ ...deps, notifications });
  return {
    ...deps,
    /** Modules send notifications through it (`notifications.notify`). */
    notifications,
    /** A family member's unopened announcements, which the messages module adds to the Messages badge. */
    announcementsUnread: announcementsUnreadOf(deps.db),
    /** Issue 28 §3: which students carry the adjustment marker (inclusion), for the lists that show it. */
    adjustmentMarkers,
    /** Issue 29 §4: which students carry the health alert (nursing: a critical allergy or condition). */
    healthAlertMarkers,
    setup,
    users: createUsers({ ...deps, setup }),
    auth: createAuth(deps),
    /** Accepting an invitation writes school-users' and families' rows; both modules import invitations. */
    joinWrites: { findMember, insertMember, upsertFamilyMember },
    /** A past year's groups for school-years; structure imports school-years. */
    listGroups,
    /** The student's file lists the sections the modules add, in this order; it knows none of them by name. */
    studentFileSections: [
      incidentsFileSection,
      ...followUpFileSections,
      pointsFileSection,
      messagesFileSection,
      externalSupportFileSection,
      inclusionFileSection,
      nursingFileSection,
      consentFileSection,
      familyCopyFileSection,
      readLogFileSection,
    ],
    /**
     * Issue 30 §5: nothing of a student is anonymised while one of these holds. Each is one module's statement;
     * the retention module knows none of them by name.
     */
    retentionHolds: [openReferralHold, openProtocolHold] as RetentionHold[],
    /**
     * Issue 31 §2: the kinds of work one user can hand to another (user reassignment; the school-users warning
     * before a deactivation). Each is its module's own SQL; neither reader knows them by name.
     */
    workHandovers: [
      headTeacherHandover,
      teachingAssignmentsHandover,
      formativeActionsHandover,
      parentMeetingsHandover,
      protocolStepsHandover,
      referralsHandover,
      formsHandover,
    ] as WorkHandover[],
    reportTypes: REPORT_TYPES,
  };
}

/**
 * Issue 31 §3: the report types a scheduled report may be, in the form's order. Each is the module's own statement
 * over its data; the scheduled-reports module knows none of them by name.
 */
export const REPORT_TYPES: readonly ReportType[] = [
  incidentSummaryReport,
  openIncidentsReport,
  overdueActionsReport,
  recognitionsReport,
  nursingVisitsReport,
  pendingFormsReport,
];

/**
 * The context the modules received, kept on the instance as `app.ctx` for main.ts (seeding), the tests and the
 * benchmarks: they must reach the very bus, notifier and database the modules use. No module reads it.
 */
export type AppContext = ReturnType<typeof moduleContext>;

/** Every module, registered the same way; the order only matters for schools, whose setup hook watches the rest. */
export const MODULES: ModulePlugin<AppContext>[] = [
  schoolsModule,
  authModule,
  usersModule,
  avatarsModule,
  profilesModule,
  helpVideosModule,
  liveChatModule,
  adminModule,
  notificationsModule,
  schoolInfoModule,
  schoolYearsModule,
  structureModule,
  subjectsModule,
  schoolUsersModule,
  invitationsModule,
  profilesAdminModule,
  studentsModule,
  familiesModule,
  importsModule,
  incidentConfigModule,
  incidentsModule,
  followUpModule,
  strategicVisionModule,
  incidentGraphModule,
  scorecardModule,
  ratingsModule,
  pointsModule,
  gradeConfigModule,
  studentFileModule,
  consentModule,
  readLogModule,
  familyCopyModule,
  outboxModule,
  rollupsModule,
  messagesModule,
  announcementsModule,
  externalSupportModule,
  inclusionModule,
  formsModule,
  nursingModule,
  retentionModule,
  // Issue 31 §1: re-enrollment into the next school year (apply on the job runner, undo, finalize).
  reenrollmentModule,
  userReassignmentModule,
  scheduledReportsModule,
  signInProvidersModule,
];

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole server; `main.ts` listens with it and the tests inject requests into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, stream: options.logStream, ...safeLoggerOptions() },
    trustProxy: config.TRUST_PROXY,
    // While shutting down, plugins/health.ts refuses new calls itself, in the usual translated error shape.
    return503OnClosing: false,
    // A plugin's start (the job runner's schema check, a module's first statements) may wait on a busy database or
    // CPU: Fastify's 10 s default failed a start under load (CI on two loaded cores). A start that truly hangs still
    // ends, at a minute.
    pluginTimeout: 60_000,
    // Per-request lines only when debugging: the bell poll alone is one request per user every 30 s.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== "debug" && config.LOG_LEVEL !== "trace",
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An action sent with a JSON content type and no body (POST …/close from curl-like clients) is an empty body,
  // not malformed JSON; everything else goes through Fastify's safe parser (prototype-poisoning checks).
  const safeJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || body === undefined) return done(null, undefined);
    return safeJson(request, body as string, done);
  });

  // Server time of every API answer, for browsers' devtools and the benchmarks (`npm run bench:incidents`).
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/")) return payload;
    // A route's own entries (the OIDC callback's `idp`) stay beside the total.
    const own = reply.getHeader("server-timing");
    const total = `app;dur=${reply.elapsedTime.toFixed(2)}`;
    reply.header("server-timing", own ? `${own}, ${total}` : total);
    return payload;
  });

  const opened = options.db
    ? null
    : await openDb(config.DATABASE_URL, {
        poolSize: config.DATABASE_POOL_SIZE,
        pglite: options.pglite,
        log: (message, error) => app.log.warn({ reason: error.message }, message),
      });
  const db = options.db ?? opened!.db;
  if (opened) app.addHook("onClose", () => opened.close());
  const events = createEventBus();
  const transport =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: (m) => app.log.info(m) });
  if (!options.mailer) app.addHook("onClose", async () => transport.close());
  const files = createFilePool(config, (m) => app.log.warn(m));
  app.addHook("onClose", () => files.close());
  // The one job runner (lib/jobs.ts) on this same database; it starts once every module has declared its queues,
  // and a close lets running jobs end (within the shutdown grace) before the database goes.
  const jobs = createJobRunner({
    db,
    enabled: config.JOBS_ENABLED,
    concurrency: config.JOBS_CONCURRENCY,
    pollSeconds: config.JOBS_POLL_SECONDS,
    namespace: config.JOBS_NAMESPACE,
    log: (m) => app.log.warn(m),
  });
  // Every e-mail goes through the outbox (modules/outbox): written in its cause's transaction, delivered by a job.
  const mailer = createOutbox({
    db,
    jobs,
    transport,
    retrySeconds: config.OUTBOX_RETRY_SECONDS,
    log: (m) => app.log.warn(m),
  });
  app.addHook("onReady", () => jobs.start());
  app.addHook("preClose", () => jobs.stop(Math.max(config.SHUTDOWN_GRACE_SECONDS * 1000 - 2000, 1000)));
  // The first PDF is drawn for nobody: fonts read and pdfkit compiled before someone asks for one.
  app.addHook("onListen", () => {
    warmPdfFonts().catch((error: Error) => app.log.warn({ reason: error.message }, "PDF fonts not warmed"));
  });

  await app.register(statementTimeoutPlugin, { ms: config.DB_STATEMENT_TIMEOUT_MS });
  await app.register(errorsPlugin);
  // Before compression and before any module's routes: it rules every POST route and keeps answers as sent.
  await app.register(idempotencyPlugin, { db, jobs, ttlHours: config.IDEMPOTENCY_KEY_TTL_HOURS });
  await app.register(healthPlugin, { db });
  // Helmet's other headers; the Content-Security-Policy (per-answer nonce), Permissions-Policy and HSTS (only
  // over HTTPS, plugins/hsts.ts) are ours.
  await app.register(helmet, { contentSecurityPolicy: false, frameguard: { action: "deny" }, hsts: false });
  await app.register(hstsPlugin);
  const liveChat = liveChatOf(config);
  await app.register(securityHeadersPlugin, {
    helpVideoOrigins: config.HELP_VIDEO_ORIGINS,
    liveChatOrigin: liveChat ? new URL(liveChat.script_url).origin : null,
  });
  await app.register(cookie);
  // Answers over 1 KB go compressed when the client accepts it (brotli at a fast level, or gzip): lists and
  // details on a phone's network. Files already compressed (the web's .br/.gz, images, XLSX, PDF) are left alone.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(swagger, {
    openapi: {
      info: { title: "Convive API", version: "0.1.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: API_DOCS_POLICY });
  const caches = createCaches({ ttlMs: config.CACHE_TTL_SECONDS * 1000, max: config.CACHE_MAX_ENTRIES });
  await app.register(cachesPlugin, { caches, events, redisUrl: config.REDIS_URL });
  await app.register(accessPlugin, { db, appDomain: config.APP_DOMAIN, caches });
  // What a family reads: every JSON answer to a family member passes one redaction path (lib/family-reader.ts).
  await app.register(familyRedactionPlugin, { db });
  // Who read a student's sensitive records: request.logRead, written before the answer leaves (plugins/read-log.ts).
  await app.register(readLogPlugin, { db });
  await app.register(realtimePlugin, { events, redisUrl: config.REDIS_URL, db, appDomain: config.APP_DOMAIN, caches });

  // Work after the answer (auth e-mails); closing waits for it before the database goes.
  const background = createBackground((m) => app.log.warn(m));
  app.addHook("preClose", () => background.drain());

  const ctx = moduleContext({ db, config, events, mailer, files, caches, background, jobs });
  app.decorate("ctx", ctx);
  for (const module of MODULES) await app.register(module, { ctx });

  await registerWeb(app, config.WEB_DIST);
  return app;
}
