import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** Every setting of the server, read once from the environment. `.env.example` documents them. */
const ConfigSchema = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().positive().default(3000),
  /** Address to listen on. */
  HOST: z.string().default("0.0.0.0"),
  /** `pglite:<dir>` (default, embedded), `pglite:memory`, or `postgres://user@host:port/db`. */
  DATABASE_URL: z.string().default("pglite:./data/pglite"),
  /** Connections in the PostgreSQL pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Domain under which each school is a subdomain: `<school>.<APP_DOMAIN>`. */
  APP_DOMAIN: z.string().default("localhost"),
  /** Public address of the web app, used in e-mailed links. */
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  /** Load the demo schools and accounts into an empty database at start-up. */
  DEMO_DATA: bool.default(true),
  /** Minutes an access token lives; the web client refreshes it 5 minutes before. */
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(6).default(60),
  /** Days a refresh token (a signed-in device) lives without use. */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Minutes a password-reset link stays valid (≤ 30). */
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(30).default(30),
  /** SMTP server, e.g. `smtp://user:pass@mail.example.com:587`. Unset: e-mails are written to the log. */
  SMTP_URL: z.string().optional(),
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
  /** pino level: fatal, error, warn, info, debug, trace, silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid settings:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}
