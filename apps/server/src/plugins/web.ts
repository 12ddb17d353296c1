import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import type { ErrorBody } from "@convive/domain";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { requestLanguage } from "../lib/language.ts";
import { webPage } from "../lib/web-page.ts";
import { render } from "./errors.ts";

/** Serves the built web app, answering index.html for client-side routes (history mode at the root). */
export async function registerWeb(app: FastifyInstance, dist: string) {
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
    // HEAD answers as GET does (Fastify sends the headers without the body).
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/socket.io");
    if (page && isPage) return reply.type("text/html").header("cache-control", "no-cache").send(page(reply.pageNonce));
    const lang = requestLanguage(request.headers);
    return reply.status(404).send({ message: render("NOT_FOUND", lang), code: "NOT_FOUND" } satisfies ErrorBody);
  });
}
