import { ERRORS } from "@convive/domain";
import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { errorsPlugin } from "../plugins/errors.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

/** A server error as node-postgres builds it from PostgreSQL's ErrorResponse. */
const pgError = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, 0, "error"), { code });
/** A socket error as Node reports it. */
const netError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
/** What drizzle throws: its own error with the driver's as the cause. */
const wrapped = (cause: Error) => new DrizzleQueryError("insert into incidents …", [1], cause);

const OUTAGES: [string, Error][] = [
  ["57P01 admin_shutdown", pgError("57P01", "terminating connection due to administrator command")],
  ["57P02 crash_shutdown", pgError("57P02", "terminating connection because of crash of another server process")],
  ["57P03 cannot_connect_now", pgError("57P03", "the database system is starting up")],
  ["53300 too_many_connections", pgError("53300", "sorry, too many clients already")],
  ["08006 connection_failure", pgError("08006", "connection failure")],
  ["08001 unable to connect", pgError("08001", "could not connect")],
  ["ECONNREFUSED", netError("ECONNREFUSED")],
  ["ECONNRESET", netError("ECONNRESET")],
  ["ETIMEDOUT", netError("ETIMEDOUT")],
  ["connection dropped", new Error("Connection terminated unexpectedly")],
  ["connect timeout", new Error("Connection terminated due to connection timeout")],
  ["full pool timeout", new Error("timeout exceeded when trying to connect")],
  ["dead client reused", new Error("Client has encountered a connection error and is not queryable")],
  ["wrapped by drizzle", wrapped(pgError("57P01", "terminating connection due to administrator command"))],
  ["localhost on IPv4 and IPv6", new AggregateError([netError("ECONNREFUSED"), netError("ECONNREFUSED")])],
];

const NOT_OUTAGES: [string, Error][] = [
  ["unique violation", wrapped(pgError("23505", "duplicate key value violates unique constraint"))],
  ["foreign key violation", pgError("23503", "violates foreign key constraint")],
  ["syntax error", pgError("42601", "syntax error at or near")],
  ["a bug", new TypeError("Cannot read properties of undefined")],
];

async function answerTo(error: Error, language: "es" | "en") {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get("/", async () => {
    throw error;
  });
  const res = await app.inject({ url: "/", headers: { "accept-language": language } });
  await app.close();
  return res;
}

describe("database outages answer 503 SERVICE_UNAVAILABLE", () => {
  it.each(OUTAGES)("%s", async (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    for (const language of ["es", "en"] as const) {
      const res = await answerTo(error, language);
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({ message: ERRORS.SERVICE_UNAVAILABLE[language], code: "SERVICE_UNAVAILABLE" });
    }
  });

  it.each(NOT_OUTAGES)("not for %s", async (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    const res = await answerTo(error, "en");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: ERRORS.INTERNAL.en, code: "INTERNAL" });
  });

  // Not an outage either: a statement PostgreSQL cancelled (DB_STATEMENT_TIMEOUT_MS) has its own answer.
  it("a cancelled statement answers 503 DATABASE_TIMEOUT, not an outage", async () => {
    const error = wrapped(pgError("57014", "canceling statement due to statement timeout"));
    expect(isDatabaseUnavailable(error)).toBe(false);
    for (const language of ["es", "en"] as const) {
      const res = await answerTo(error, language);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: ERRORS.DATABASE_TIMEOUT[language], code: "DATABASE_TIMEOUT" });
    }
  });
});
