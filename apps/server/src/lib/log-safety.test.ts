import { DrizzleQueryError } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { safeLoggerOptions } from "./log-safety.ts";

/**
 * Issue 24 §1: whatever a line of the server's log is made of — an error object, an error written into a
 * sentence, a URL — it holds no token, credential or query parameter. Read through the server's real logger.
 */
function logger() {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: "info", stream: { write: (l) => lines.push(l) }, ...safeLoggerOptions() } });
  return { log: app.log, text: () => lines.join("") };
}

const TOKEN = "q7Wc3xZ9-Lm2Np4Rs6Tu8Vw0Yb";
const failed = () =>
  new DrizzleQueryError(
    "select * from users where email = $1 and reset = $2",
    ["ana@example.mx", TOKEN],
    new Error("boom"),
  );

describe("the server's log", () => {
  it("keeps a failed query's statement and drops its parameters, as an object or inside a sentence", () => {
    const { log, text } = logger();
    log.error({ err: failed() }, "unhandled error");
    log.warn(`password reset e-mail failed: ${failed().message}`);
    log.warn(`export failed: ${String(failed())}`);
    expect(text()).toContain("select * from users where email = $1");
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain("ana@example.mx");
  });

  it("drops secret query values and bearer tokens written into a line", () => {
    const { log, text } = logger();
    log.info(`opened https://convive.example/RecoverPassword/reset?token=${TOKEN}&lang=es`);
    log.info(`link: /RecoverPassword?invitation=${TOKEN}`);
    log.info(`retrying with Authorization: Bearer ${TOKEN}`);
    expect(text()).not.toContain(TOKEN);
    expect(text()).toContain("?token=[redacted]&lang=es");
  });

  it("censors credentials in logged headers", () => {
    const { log, text } = logger();
    log.info(
      { headers: { authorization: `Bearer ${TOKEN}`, cookie: `refresh=${TOKEN}`, accept: "text/html" } },
      "call",
    );
    expect(text()).not.toContain(TOKEN);
    expect(text()).toContain("text/html");
  });
});
