import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Helmet's value: a year, subdomains included (every school is a subdomain of APP_DOMAIN). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Strict-Transport-Security only on answers that travelled over HTTPS (RFC 6797 §7.2: never over plain HTTP).
 * `request.protocol` is https on a TLS socket, or behind a proxy when TRUST_PROXY lets its X-Forwarded-Proto
 * count; a client's own X-Forwarded-Proto without TRUST_PROXY is ignored, so it cannot switch the header on.
 * PUBLIC_URL is not used: it says where people should go, not how this request came.
 */
export const hstsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    return payload;
  });
});
