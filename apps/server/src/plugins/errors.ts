import { DEFAULT_MAX_FILE_SIZE_MB, ERRORS, type ErrorBody, type ErrorCode, type Language } from "@convive/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isStatementTimeout } from "../db/statement-timeout.ts";
import { outageOf } from "../db/unavailable.ts";
import { AppError } from "../lib/errors.ts";
import { requestLanguage } from "../lib/language.ts";

export const render = (code: ErrorCode, lang: Language, params?: Record<string, string | number>) =>
  ERRORS[code][lang].replace(/\{(\w+)\}/g, (_, key: string) => String(params?.[key] ?? `{${key}}`));

/** Seconds a client is asked to wait before repeating a call refused with 503. */
export const RETRY_AFTER_SECONDS = 5;

/** One error shape for every failure; 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(request.headers);
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    const outage = outageOf(error);
    if (outage) {
      // PostgreSQL restarting or out of reach: the call may be repeated; the pool reconnects by itself.
      request.log.warn({ reason: outage.message, code: outage.code }, "database unavailable");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return send(503, { message: render("SERVICE_UNAVAILABLE", lang), code: "SERVICE_UNAVAILABLE" });
    }
    if (isStatementTimeout(error)) {
      // The connection is fine (PostgreSQL cancelled one statement); the person may try again or ask for less.
      request.log.warn({ route: request.routeOptions.url }, "statement timeout");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return send(503, { message: render("DATABASE_TIMEOUT", lang), code: "DATABASE_TIMEOUT" });
    }
    if (error instanceof AppError) {
      if (error.status === 503) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      const errors = error.fields
        ? Object.fromEntries(Object.entries(error.fields).map(([k, c]) => [k, render(c, lang, error.params)]))
        : undefined;
      return send(error.status, { message: render(error.code, lang, error.params), code: error.code, errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        // A missing or empty required field reads as the spec's 'empty fields'.
        const empty =
          issue.keyword === "too_small" || (issue.keyword === "invalid_type" && /undefined/.test(issue.message ?? ""));
        // A refinement may name its own error code (GUIDELINE_HYPHEN_ONLY, DATE_RANGE…) as its message.
        const own = issue.message && Object.hasOwn(ERRORS, issue.message) ? (issue.message as ErrorCode) : null;
        errors[path || "_"] ??= render(own ?? (empty ? "EMPTY_FIELDS" : "VALIDATION"), lang);
      }
      return send(422, { message: render("VALIDATION", lang), code: "VALIDATION", errors });
    }
    if (error.statusCode === 429)
      return send(429, { message: render("TOO_MANY_REQUESTS", lang), code: "TOO_MANY_REQUESTS" });
    if (error.statusCode === 413 || error.code === "FST_REQ_FILE_TOO_LARGE") {
      // Routes that know the school's limit throw AppError with it; this fallback names the default.
      const size = { size: DEFAULT_MAX_FILE_SIZE_MB };
      return send(413, { message: render("FILE_TOO_LARGE", lang, size), code: "FILE_TOO_LARGE" });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like.
      return send(error.statusCode === 404 ? 404 : 422, {
        message: render(error.statusCode === 404 ? "NOT_FOUND" : "VALIDATION", lang),
        code: error.statusCode === 404 ? "NOT_FOUND" : "VALIDATION",
      });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(500, { message: render("INTERNAL", lang), code: "INTERNAL" });
  });
});
