import { randomBytes } from "node:crypto";
import { HELP_VIDEO_EMBED_ORIGINS } from "@convive/domain";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** This answer's Content-Security-Policy nonce: the web app gives it to the <style> tags Mantine writes. */
    pageNonce: string;
  }
}

/**
 * The Content-Security-Policy of every answer that is not a user's file. No inline script at all (the build has
 * none: one module script from 'self'). Styles: files from 'self' plus <style> elements carrying this answer's
 * nonce — Mantine writes its CSS variables and responsive props into <style> tags and react-remove-scroll one for
 * modals, and both take a nonce, so 'unsafe-inline' is not needed. Style attributes set from script (React's
 * `style` prop) go through the CSSOM, which CSP does not govern. Images and media also from blob: (evidence and
 * avatar previews are fetched with the token and shown as object URLs); frames only from the help videos'
 * embedded players; the socket and every call to 'self' (CSP 3: 'self' covers ws:/wss: to the same host).
 * With a live-chat widget configured (LIVE_CHAT_SCRIPT_URL), its provider's origin may also serve scripts, frames,
 * images, styles and fonts and take connections (its socket too) — and nothing else is widened.
 */
export function contentSecurityPolicy(
  nonce: string,
  helpVideoOrigins: readonly string[],
  liveChatOrigin: string | null = null,
): string {
  const chat = liveChatOrigin ? [liveChatOrigin] : [];
  const chatSocket = liveChatOrigin ? [liveChatOrigin.replace(/^https:/, "wss:")] : [];
  const directives: Record<string, readonly string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...chat],
    "style-src": ["'self'", `'nonce-${nonce}'`, ...chat],
    "img-src": ["'self'", "data:", "blob:", ...chat],
    "font-src": ["'self'", ...chat],
    "media-src": ["'self'", "blob:", ...helpVideoOrigins],
    "frame-src": [...HELP_VIDEO_EMBED_ORIGINS, ...chat],
    "connect-src": ["'self'", ...chat, ...chatSocket],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Files people uploaded (evidence, pictures): even opened straight from the app's origin nothing in them runs —
 * no script, no plugin, no form, no same-origin access (sandbox), and no framing.
 */
export const UPLOADED_FILE_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * The API's own documentation page (/api/docs, Swagger UI): its scripts are files from 'self' like the app's, but
 * it writes inline styles and takes no nonce, so — for this developer page only, which shows no user data —
 * styles may be inline.
 */
export const API_DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Browser features the app never uses (only names Chromium recognises: an unknown one is a console warning) are off for it and anything it embeds. Fullscreen, autoplay,
 * picture-in-picture and encrypted media stay for the page and the help videos' embedded players only.
 */
const players = `self ${HELP_VIDEO_EMBED_ORIGINS.map((o) => `"${o}"`).join(" ")}`;
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
  `autoplay=(${players})`,
  `encrypted-media=(${players})`,
  `fullscreen=(${players})`,
  `picture-in-picture=(${players})`,
].join(", ");

/** Serves a user's file so that it can only be downloaded: never rendered as a page of the app's origin. */
export function sendAsDownload(reply: FastifyReply, file: { type: string; disposition: string }) {
  return reply
    .type(file.type)
    .header("content-disposition", file.disposition)
    .header("content-security-policy", UPLOADED_FILE_POLICY)
    .header("x-content-type-options", "nosniff");
}

/** Sets the policy headers on every answer; routes serving users' files replace the CSP with UPLOADED_FILE_POLICY. */
export const securityHeadersPlugin = fp<{ helpVideoOrigins: readonly string[]; liveChatOrigin: string | null }>(
  async (app, { helpVideoOrigins, liveChatOrigin }) => {
    app.decorateReply("pageNonce", "");
    app.addHook("onRequest", async (_request, reply) => {
      reply.pageNonce = randomBytes(16).toString("base64url");
      reply.header("content-security-policy", contentSecurityPolicy(reply.pageNonce, helpVideoOrigins, liveChatOrigin));
      reply.header("permissions-policy", PERMISSIONS_POLICY);
    });
  },
  { name: "security-headers" },
);
