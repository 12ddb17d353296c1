import type { FastifyServerOptions } from "fastify";

/**
 * What the server's log may never hold: anything that lets its reader act as someone else. Logs are read by more
 * people than the database (hosting staff, a support ticket, a pasted screenshot), so every line passes here.
 *
 * - Query parameters that carry a capability (the invitation and reset links' tokens, any `code` or `key`) keep
 *   their name and lose their value, e.g. `/RecoverPassword/reset?token=[redacted]` at debug level.
 * - Credentials in headers (Authorization, cookies, the XSRF token, Set-Cookie) are censored wherever an object
 *   with them is logged.
 * - A failed query's parameters (drizzle puts them in the error and its message: hashes, e-mails, a student's
 *   note) are dropped; the statement itself stays, it is what a developer needs.
 * - The same goes for plain-text messages (`${error}` written into a line), scrubbed as they are logged: a
 *   drizzle message's parameters, a URL's secret query values, a bearer token.
 */
const SECRET_PARAMS = /^(token|invitation|reset|code|key|secret|password|signature|sig|access_token|refresh_token)$/i;

export function withoutSecretParams(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const [name = "", value] = pair.split("=", 2);
      return value !== undefined && SECRET_PARAMS.test(decodeURIComponent(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join("&")}`;
}

/** A line's text with the same secrets removed: query values, drizzle's parameters, bearer tokens. */
export function scrubText(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, "\nparams: [redacted]")
    .replace(/([?&][\w%]+=)([^&\s"'#]+)/g, (whole, name: string) =>
      SECRET_PARAMS.test(decodeURIComponent(name.slice(1, -1))) ? `${name}[redacted]` : whole,
    )
    .replace(/\b(Bearer\s+)[\w.~+/=-]+/gi, "$1[redacted]");
}

const HEADER_PATHS = ["authorization", "cookie", '["x-xsrf-token"]', '["set-cookie"]'].flatMap((h) => {
  const key = h.startsWith("[") ? h : `.${h}`;
  return [`req.headers${key}`, `res.headers${key}`, `headers${key}`];
});

type Serialized = Record<string, unknown>;

/**
 * An error as pino writes it (type, message, stack, its own fields, the cause), minus drizzle's copy of the
 * parameters (in `params` and at the end of the message and stack).
 */
function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return error;
  const out: Serialized = { type: error.constructor.name };
  for (const [name, value] of Object.entries(error)) if (name !== "params" && name !== "cause") out[name] = value;
  out.message = error.message.replace(/\nparams: [\s\S]*$/, "");
  out.stack = error.stack?.replace(/\nparams: [\s\S]*?(?=\n {4}at )/, "");
  if (error.cause !== undefined) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** Logger options every instance of the server uses (app.ts). */
export function safeLoggerOptions(): Pick<
  Exclude<FastifyServerOptions["logger"], boolean | undefined>,
  "redact" | "serializers" | "hooks"
> {
  return {
    hooks: {
      // Every string argument of every call (`log.warn(\`… failed: ${error}\`)`), scrubbed before pino sees it.
      logMethod(args, method) {
        const clean = args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg));
        return method.apply(this, clean as Parameters<typeof method>);
      },
    },
    redact: { paths: HEADER_PATHS, censor: "[redacted]" },
    serializers: {
      // Fastify's own request serializer with the URL's secrets removed.
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: withoutSecretParams(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (error: Error) => safeError(error) as { type: string; message: string; stack: string },
    },
  };
}
