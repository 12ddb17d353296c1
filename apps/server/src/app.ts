import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import type { ErrorBody } from "@convive/domain";
import type { PGlite } from "@electric-sql/pglite";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Config, liveChatOf } from "./config/config.ts";
import { type Db, openDb } from "./db/client.ts";
import { createBackground } from "./lib/background.ts";
import { createEventBus } from "./lib/events.ts";
import { createFilePool } from "./lib/file-pool.ts";
import { requestLanguage } from "./lib/language.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import type { ModuleDeps } from "./lib/module-deps.ts";
import { warmPdfFonts } from "./lib/pdf-fonts.ts";
import { webPage } from "./lib/web-page.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createLoginUnlockService } from "./modules/auth/login-unlock.service.ts";
import { createPasswordResetService } from "./modules/auth/password-reset.service.ts";
import { avatarsRoutes } from "./modules/avatars/avatars.routes.ts";
import { createAvatarsService } from "./modules/avatars/avatars.service.ts";
import { familiesModule } from "./modules/families/families.routes.ts";
import { upsertFamilyMember } from "./modules/families/index.ts";
import { followUpModule } from "./modules/follow-up/follow-up.module.ts";
import { followUpFileSections } from "./modules/follow-up/student-file.sections.ts";
import { gradeConfigModule } from "./modules/grade-config/grade-config.routes.ts";
import { helpVideosRoutes } from "./modules/help-videos/help-videos.routes.ts";
import { importsModule } from "./modules/imports/imports.routes.ts";
import { incidentConfigModule } from "./modules/incident-config/incident-config.routes.ts";
import { incidentGraphModule } from "./modules/incident-graph/index.ts";
import { incidentsArchiveModule } from "./modules/incidents/archive.module.ts";
import { incidentsRegistrationModule } from "./modules/incidents/registration.module.ts";
import { incidentsFileSection } from "./modules/incidents/student-file.section.ts";
import { invitationsModule } from "./modules/invitations/invitations.routes.ts";
import { liveChatRoutes } from "./modules/live-chat/live-chat.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import {
  createNotificationsService,
  type NotificationsService,
} from "./modules/notifications/notifications.service.ts";
import { pointsFileSection, pointsModule } from "./modules/points/index.ts";
import { profilesRoutes } from "./modules/profiles/profiles.routes.ts";
import { profilesAdminModule } from "./modules/profiles-admin/profiles-admin.routes.ts";
import { ratingsModule } from "./modules/ratings/index.ts";
import { schoolInfoModule } from "./modules/school-info/school-info.routes.ts";
import { findMember, insertMember } from "./modules/school-users/index.ts";
import { schoolUsersModule } from "./modules/school-users/school-users.routes.ts";
import { schoolYearsModule } from "./modules/school-years/school-years.routes.ts";
import { schoolsRoutes } from "./modules/schools/schools.routes.ts";
import { createSchoolsService } from "./modules/schools/schools.service.ts";
import { setupProgressHook } from "./modules/schools/setup-progress.hook.ts";
import { createSetupProgress } from "./modules/schools/setup-progress.service.ts";
import { scorecardModule } from "./modules/scorecard/index.ts";
import { strategicVisionModule } from "./modules/strategic-vision/index.ts";
import { listGroups } from "./modules/structure/index.ts";
import { structureModule } from "./modules/structure/structure.routes.ts";
import { studentFileModule } from "./modules/student-file/index.ts";
import { studentsModule } from "./modules/students/students.routes.ts";
import { subjectsModule } from "./modules/subjects/subjects.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { accessPlugin } from "./plugins/access.ts";
import { cachesPlugin, createCaches } from "./plugins/caches.ts";
import { errorsPlugin, render } from "./plugins/errors.ts";
import { healthPlugin } from "./plugins/health.ts";
import { realtimePlugin } from "./plugins/realtime.ts";
import { API_DOCS_POLICY, securityHeadersPlugin } from "./plugins/security-headers.ts";

export interface AppOptions {
  config: Config;
  /** An open database to use instead of opening config.DATABASE_URL (tests hand in a cloned template). */
  db?: Db;
  pglite?: PGlite;
  mailer?: Mailer;
}

/** What the app builds once: the module plugins each receive the part they name; tests reach it as `app.ctx`. */
export interface AppContext extends ModuleDeps {
  /** Modules send notifications through it (`notifications.notify`). */
  notifications: NotificationsService;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole server; `main.ts` listens with it and the tests inject requests into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // While shutting down, plugins/health.ts refuses new calls itself, in the usual translated error shape.
    return503OnClosing: false,
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
    if (request.url.startsWith("/api/")) reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(2)}`);
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
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: (m) => app.log.info(m) });
  if (!options.mailer) app.addHook("onClose", async () => mailer.close());
  // Built before the context so every module can reach it through `app.ctx`.
  const notifications = createNotificationsService({ db, events });
  const files = createFilePool(config, (m) => app.log.warn(m));
  app.addHook("onClose", () => files.close());
  // The first PDF is drawn for nobody: fonts read and pdfkit compiled before someone asks for one.
  app.addHook("onListen", () => {
    warmPdfFonts().catch((error: Error) => app.log.warn({ reason: error.message }, "PDF fonts not warmed"));
  });
  app.decorate("ctx", { db, config, events, mailer, notifications, files });

  await app.register(errorsPlugin);
  await app.register(healthPlugin, { db });
  // Helmet's other headers; the Content-Security-Policy (per-answer nonce) and Permissions-Policy are ours.
  await app.register(helmet, { contentSecurityPolicy: false, frameguard: { action: "deny" } });
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
  await app.register(realtimePlugin, { events, redisUrl: config.REDIS_URL, db, appDomain: config.APP_DOMAIN, caches });

  const cookies = { secure: config.COOKIE_SECURE ?? config.PUBLIC_URL.startsWith("https:") };
  // Work after the answer (auth e-mails); closing waits for it before the database goes.
  const background = createBackground((m) => app.log.warn(m));
  app.addHook("preClose", () => background.drain());
  const unlocks = createLoginUnlockService({ db, config, mailer, background });
  const auth = createAuthService({ db, config, events, unlocks });
  // Issue 12 §2: whether a school is still being set up decides its staff's landing view and its setup reminder.
  const setup = createSetupProgress({ db, events, notices: notifications });
  await app.register(setupProgressHook, { setup, events });
  const users = createUsersService({ db, appDomain: config.APP_DOMAIN, events, caches, setup });
  const resets = createPasswordResetService({ db, config, mailer, auth, background });
  const schools = createSchoolsService({ db });

  await app.register(authRoutes, {
    auth,
    users,
    resets,
    unlocks,
    cookies,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
  });
  await app.register(usersRoutes, { users });
  await app.register(avatarsRoutes, {
    avatars: createAvatarsService({ db, uploadsDir: config.UPLOADS_DIR, users, events, files }),
    appDomain: config.APP_DOMAIN,
  });
  await app.register(profilesRoutes, { db });
  await app.register(schoolsRoutes, { schools, appDomain: config.APP_DOMAIN });
  await app.register(helpVideosRoutes, { db });
  await app.register(liveChatRoutes, { liveChat });
  await app.register(adminRoutes, { db, auth, events, helpVideoOrigins: config.HELP_VIDEO_ORIGINS });
  await app.register(notificationsRoutes, { notifications });
  // Each module plugin receives exactly the dependencies its signature names.
  await app.register(schoolInfoModule, { ctx: { db, config, events, files } });
  await app.register(schoolYearsModule, { ctx: { db, listGroups } });
  await app.register(structureModule, { ctx: { db, events } });
  await app.register(subjectsModule, { ctx: { db, events } });
  await app.register(schoolUsersModule, { ctx: { db, config, events, mailer } });
  await app.register(invitationsModule, {
    ctx: { db, events },
    auth,
    writes: { findMember, insertMember, upsertFamilyMember },
  });
  await app.register(profilesAdminModule, { ctx: { db, events } });
  await app.register(studentsModule, { ctx: { db, config, files } });
  await app.register(familiesModule, { ctx: { db, config, events, mailer } });
  await app.register(importsModule, { ctx: { db, config, events, mailer, files } });
  await app.register(incidentConfigModule, { ctx: { db } });
  await app.register(incidentsRegistrationModule, { ctx: { db, config, events, mailer, files, notifications } });
  await app.register(incidentsArchiveModule, { ctx: { db, config } });
  await app.register(followUpModule, { ctx: { db, notifications } });
  await app.register(strategicVisionModule, { ctx: { db, config, mailer, notifications } });
  await app.register(incidentGraphModule, { ctx: { db } });
  await app.register(scorecardModule, { ctx: { db, config, events, mailer, notifications } });
  await app.register(ratingsModule, { ctx: { db, config, events, mailer, notifications } });
  await app.register(pointsModule, { ctx: { db } });
  await app.register(gradeConfigModule, { ctx: { db } });
  // The student's file lists the sections the modules add, in their order; it knows none of them by name.
  await app.register(studentFileModule, {
    ctx: { db, sections: [incidentsFileSection, ...followUpFileSections, pointsFileSection] },
  });

  await registerWeb(app, config.WEB_DIST);
  return app;
}

/** Serves the built web app, answering index.html for client-side routes (history mode at the root). */
async function registerWeb(app: FastifyInstance, dist: string) {
  const hasWeb = existsSync(dist);
  // index.html is never served as a plain file: every copy carries its answer's CSP nonce.
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      allowedPath: (path) => path !== "/index.html",
      // The build writes .br and .gz beside each asset (apps/web/scripts/first-load.ts): sent as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      // Files under assets/ are named by their content's hash: a browser keeps them a year and never asks again.
      // Anything else (icons, manifest) is checked again on every use.
      setHeaders: (reply, path) => {
        const hashed = path.startsWith(join(dist, "assets") + sep);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const page = hasWeb ? webPage(dist) : null;
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/socket.io");
    if (page && isPage) return reply.type("text/html").header("cache-control", "no-cache").send(page(reply.pageNonce));
    const lang = requestLanguage(request.headers);
    return reply.status(404).send({ message: render("NOT_FOUND", lang), code: "NOT_FOUND" } satisfies ErrorBody);
  });
}
