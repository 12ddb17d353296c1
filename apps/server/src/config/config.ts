import { availableParallelism } from "node:os";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Every setting of the server, read once from the environment. `.env.example` documents them. */
const ConfigSchema = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().positive().default(3000),
  /** Address to listen on. */
  HOST: z.string().default("0.0.0.0"),
  /**
   * Connections the kernel queues for the server to accept (capped by net.core.somaxconn). Node's default, 511,
   * drops the rest of a burst — every phone reconnecting its socket after a restart — and each dropped client
   * waits a second or more before trying again.
   */
  LISTEN_BACKLOG: z.coerce.number().int().positive().default(4096),
  /** `pglite:<dir>` (default, embedded), `pglite:memory`, or `postgres://user@host:port/db`. */
  DATABASE_URL: z.string().default("pglite:./data/pglite"),
  /** Connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /**
   * Milliseconds one statement of a request may run before the server has PostgreSQL cancel it and the caller gets
   * DATABASE_TIMEOUT (503) (db/statement-timeout.ts). Migrations, imports and other background work keep no limit.
   * 0 turns it off.
   * PostgreSQL only: PGlite runs every query on the server's own thread and cannot cancel one (README).
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(15_000),
  /**
   * Seconds an unread entry of the hot-path caches (a token's identity, the bell poll's answer) lives; every read
   * renews it and every change drops it at once, so this is a safety net, set well beyond the 30 s poll. Never
   * under 5 minutes: a time to live near the poll's interval (or a hidden tab's, which browsers slow to one poll a
   * minute) would send every poll to the database.
   */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(300).default(1800),
  /** Entries each of those caches keeps at most (least recently used out first); ≈ one per signed-in tab. */
  CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(50_000),
  /**
   * How long an Idempotency-Key is remembered (plugins/idempotency.ts): a repeat within it gets the first answer, a
   * repeat after it runs again. A day covers a form's retries and a phone that comes back online the next morning.
   */
  IDEMPOTENCY_KEY_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Domain under which each school is a subdomain: `<school>.<APP_DOMAIN>`. */
  APP_DOMAIN: z.string().default("localhost"),
  /** Public address of the web app, used in e-mailed links (a school's on `<school>.<APP_DOMAIN>`: lib/links.ts). */
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  /** Load the demo schools and accounts into an empty database at start-up. */
  DEMO_DATA: bool.default(true),
  /** Minutes an access token lives; the web client refreshes it 5 minutes before. */
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(6).default(60),
  /** Days a refresh token (a signed-in device) lives without use. */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * Key sealing the secrets the server keeps in the database — schools' identity-provider client secrets
   * (issue 32; AES-256-GCM, lib/secret-box.ts): base64 of 32 random bytes, `openssl rand -base64 32`. Unset:
   * providers cannot be configured (SECRETS_KEY_MISSING) and configured ones cannot sign anyone in. Keep it with
   * the database's backups: without it the stored secrets are unreadable and must be entered again.
   */
  SECRETS_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || Buffer.from(v, "base64").length === 32, "base64 of 32 bytes"),
  /**
   * Accept http:// identity-provider issuers: only for a provider on this machine (`npm run dev:oidc`, the tests).
   * Off, an issuer must be https.
   */
  OIDC_ALLOW_HTTP_ISSUERS: bool.default(false),
  /** Minutes a password-reset link stays valid (≤ 30). */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(30).default(30),
  /**
   * SMTP server, e.g. `smtp://user:pass@mail.example.com:587`. Unset: e-mails are not sent, only their recipient
   * and subject are logged (never the links in them); production (NODE_ENV=production) refuses to start.
   */
  SMTP_URL: z.string().optional(),
  /** `production` makes SMTP_URL required. */
  NODE_ENV: z.string().optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().default("Convive <no-reply@convive.mx>"),
  /** Redis for Socket.IO between instances and shared invalidation, e.g. `redis://127.0.0.1:6379`. */
  REDIS_URL: z.string().optional(),
  /** Send cookies only over HTTPS (default: when PUBLIC_URL is https). */
  COOKIE_SECURE: bool.optional(),
  /** Trust X-Forwarded-* from a proxy in front. */
  TRUST_PROXY: bool.default(false),
  /** Folder where uploaded images (avatars) are kept; served at /uploads/<random name>. Created when missing. */
  UPLOADS_DIR: z.string().default("./data/uploads"),
  /** Folder with the built web app. */
  WEB_DIST: z.string().default(new URL("../../../web/dist", import.meta.url).pathname),
  /**
   * Seconds a shutdown (SIGTERM, SIGINT) waits for in-flight calls, sockets and background work before exiting
   * anyway. Keep it below the supervisor's own limit (Kubernetes: terminationGracePeriodSeconds, 30 by default).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().default(20),
  /**
   * Whether this instance runs jobs and fires schedules (lib/jobs.ts). Every instance may enqueue; set false on
   * instances that only answer requests when others do the work. Tests default to false (test/helpers/app.ts).
   */
  JOBS_ENABLED: bool.default(true),
  /** Jobs of one queue run at once on this instance. */
  JOBS_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** Seconds between an idle queue's looks for due jobs: a due job starts at most this late. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
  /**
   * Prefix of the job runner's queue names. Empty for one deployment per database; deployments (or test apps)
   * that share a database but not their handlers or e-mail server each set their own.
   */
  JOBS_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_.-]{0,40}$/)
    .default(""),
  /**
   * Issue 26 §1: the window after publishing grades in which a director may unpublish them; families see them and
   * are told only when it ends (a job scheduled for then).
   */
  RATINGS_PUBLISH_UNDO_SECONDS: z.coerce.number().int().min(0).default(600),
  /** The e-mail outbox's first retry after a failed delivery, doubled on each of the next 8 tries. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  /**
   * Origins (scheme://host[:port], comma-separated) whose video files help videos may play from; the
   * Content-Security-Policy's media-src lists exactly these. YouTube and Vimeo links play in their embedded
   * players and need no entry.
   */
  HELP_VIDEO_ORIGINS: z
    .string()
    .default("https://videos.convive.mx")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i, "an origin such as https://videos.example.com")),
    ),
  // ── Live-chat support widget (spec §1): off unless both are set ──
  /**
   * The chat provider's script (https), loaded in the signed-in header; `{siteId}` in it is replaced by
   * LIVE_CHAT_SITE_ID. Its origin is added to the Content-Security-Policy (scripts, frames, connections, images,
   * styles and fonts from it) only while it is set.
   */
  LIVE_CHAT_SCRIPT_URL: z
    .string()
    .url()
    .regex(/^https:\/\//, "an https URL")
    .optional(),
  /** The school network's site id at the chat provider (letters, digits, dot, dash, underscore). */
  LIVE_CHAT_SITE_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, "letters, digits, dot, dash or underscore")
    .optional(),
  // ── Uploads: every look inside a file runs in a pool of worker threads (lib/file-pool.ts) ──
  /** Worker threads that parse uploads (spreadsheets, ZIPs, pictures, evidence). Default: the machine's cores. */
  FILE_WORKERS: z.coerce.number().int().positive().default(availableParallelism()),
  /** Seconds one file may take in a worker; past it the worker is stopped and the file refused (FILE_TOO_COMPLEX). */
  FILE_JOB_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  /** JavaScript heap (MB) of each worker; a file that needs more is refused (FILE_TOO_COMPLEX) and the worker replaced. */
  FILE_JOB_MEMORY_MB: z.coerce.number().int().min(32).default(512),
  /** Files that may wait for a free worker; past that, uploads answer 503 SERVER_BUSY until one frees up. */
  FILE_JOB_QUEUE: z.coerce.number().int().nonnegative().default(100),
  /** Columns an import spreadsheet may use (the templates have under 20); a value further right is refused. */
  IMPORT_MAX_COLUMNS: z.coerce.number().int().positive().default(100),
  /** MB an import XLSX may inflate to, all its parts together (a 50 000-row sheet is about 40 MB). */
  IMPORT_MAX_INFLATED_MB: z.coerce.number().int().positive().default(200),
  /** Files (folders included) in a ZIP of student photos. */
  ZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(5_000),
  /** MB a ZIP of photos may inflate to, all files together (each photo also obeys the school's size limit). */
  ZIP_MAX_INFLATED_MB: z.coerce.number().int().positive().default(300),
  /**
   * Times its own size a ZIP may inflate to (never less than 16 MB). Photos barely compress, so a real ZIP
   * inflates about 1×; a zip bomb (150 files of zeros in 316 KB) inflates 1 000× and stops at this.
   */
  ZIP_MAX_RATIO: z.coerce.number().positive().default(4),
  /** Megapixels a picture may have (photos, logos, evidence); a larger canvas is refused from its header. */
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().positive().default(50),
  /** pino level: fatal, error, warn, info, debug, trace, silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Both live-chat settings or neither: one alone would load a widget that cannot find its site. */
const liveChatComplete = (c: Config) => (c.LIVE_CHAT_SCRIPT_URL === undefined) === (c.LIVE_CHAT_SITE_ID === undefined);

/** The live-chat widget when configured: the script to load (site id put in) and the site id. */
export function liveChatOf(config: Config): { script_url: string; site_id: string } | null {
  if (!config.LIVE_CHAT_SCRIPT_URL || !config.LIVE_CHAT_SITE_ID) return null;
  const id = encodeURIComponent(config.LIVE_CHAT_SITE_ID);
  return { script_url: config.LIVE_CHAT_SCRIPT_URL.replaceAll("{siteId}", id), site_id: config.LIVE_CHAT_SITE_ID };
}

/** Production without SMTP would accept invitations and password resets that can never reach anyone. */
const mailInProduction = (c: Config) => c.NODE_ENV !== "production" || Boolean(c.SMTP_URL);

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = ConfigSchema.refine(liveChatComplete, {
    path: ["LIVE_CHAT_SITE_ID"],
    message: "LIVE_CHAT_SCRIPT_URL and LIVE_CHAT_SITE_ID go together: set both or neither",
  })
    .refine(mailInProduction, {
      path: ["SMTP_URL"],
      message: "required with NODE_ENV=production: invitations and password resets are sent by e-mail",
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid settings:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}
