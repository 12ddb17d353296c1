import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config/config.ts";
import { invitations, passwordResets } from "../../src/db/schema/index.ts";
import { hashToken } from "../../src/lib/tokens.ts";
import { openTestDb } from "../helpers/app.ts";
import { createUser, memberOf, uniq } from "../helpers/factories.ts";

/**
 * Issue 24 §1, secrets in logs: with SMTP unset the log used to hold live reset and invitation links. Now every
 * line is read as whoever reads the log would: the e-mail's recipient and subject are there, and no word of any
 * line is a live token (each word is hashed and looked up among the stored token hashes, so the test needs no
 * copy of the e-mail), no link carries one, and no credential of a signed-in person appears. The log level is
 * debug, so the per-request lines (with their URLs) are read too.
 */
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof openTestDb>>["db"];

beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.db;
  const config = loadConfig({ LOG_LEVEL: "debug", DEMO_DATA: "false", WEB_DIST: "/nonexistent" });
  expect(config.SMTP_URL).toBeUndefined();
  app = await buildApp({ config, db, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  close = async () => {
    await app.close();
    await opened.close();
  };
});
afterAll(() => close());

const freshIp = () => `10.${[...randomBytes(3)].join(".")}`;
/** Every word of the log long enough to be a token (ours are 22+ base64url characters). */
const words = () => lines.flatMap((line) => line.match(/[\w-]{16,}/g) ?? []);

describe("the log with SMTP unset", () => {
  it("names the recipient and subject of a reset and an invitation e-mail, and holds no token, link or credential", async () => {
    const director = await memberOf(app, db, "director");
    const person = await createUser(db);
    const forgot = await app.inject({
      method: "POST",
      url: "/api/user/forgot-password",
      payload: { email: person.email },
      remoteAddress: freshIp(),
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const invited = `${uniq("nora")}@test.convive`;
    const invite = await director.as({
      method: "POST",
      url: "/api/school-users",
      payload: {
        email: invited,
        first_name: "Nora",
        paternal_surname: "Vega",
        profile_id: director.school.profileIds.docente,
      },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    // A page opened from a reset link: its URL reaches the per-request debug line.
    const linkToken = randomBytes(24).toString("base64url");
    await app.inject({ method: "GET", url: `/RecoverPassword/reset?token=${linkToken}&lang=es` });

    // E-mails go after the answer, through the outbox's job (the runner's next poll): wait for both lines.
    const mailLine = (email: string) => lines.find((l) => l.includes(email) && l.includes("e-mail"));
    await vi.waitFor(
      () => {
        expect(mailLine(person.email)).toBeDefined();
        expect(mailLine(invited)).toBeDefined();
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(mailLine(person.email)).toContain("Restablece tu contraseña de Convive");
    expect(mailLine(invited)).toContain(`Escuela ${director.school.id} te invita a Convive`);

    // Both tokens exist (hashed) in the database, and no word of the log hashes to either.
    const [reset] = await db.select().from(passwordResets).where(eq(passwordResets.userId, person.id));
    const [invitation] = await db.select().from(invitations).where(eq(invitations.email, invited));
    const stored = new Set([reset!.tokenHash, invitation!.tokenHash]);
    expect(stored.size).toBe(2);
    const leaked = words().filter((word) => stored.has(hashToken(word)));
    expect(leaked).toEqual([]);

    const log = lines.join("");
    expect(log).toContain("/RecoverPassword/reset?token=[redacted]&lang=es");
    expect(log).not.toContain(linkToken);
    expect(log).not.toMatch(/RecoverPassword[^"\s]*[?&](token|invitation)=[\w-]/);
    expect(log).not.toContain(director.token);
  });
});

describe("production settings", () => {
  it("refuse to start without SMTP_URL, saying why", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SMTP_URL: required with NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" }).SMTP_URL).toBe(
      "smtp://mail.example:587",
    );
    expect(loadConfig({ NODE_ENV: "development" }).SMTP_URL).toBeUndefined();
  });
});
