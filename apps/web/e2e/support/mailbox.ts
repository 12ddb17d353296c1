/// <reference types="node" />
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { call } from "./api.ts";

/**
 * The run's mailbox: serve.ts points the server's SMTP_URL at a small SMTP server on a free port that appends every
 * message it receives to a file named after the run's port, and a spec reads its e-mails there as a person would
 * read their inbox (the links in them are the only copy of invitation and reset tokens). One line per message.
 */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Undoes quoted-printable (nodemailer's choice for long or accented lines). */
const unQuote = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** Subject and plain text of a single-part message as nodemailer writes it. */
function parse(raw: string): Omit<Mail, "to"> {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = (/^subject: (.*)$/im.exec(headers)?.[1] ?? "").replace(
    /=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_, kind: string, data: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : unQuote(data.replaceAll("_", " ")),
  );
  const body = rest.join("\n\n");
  const encoding = /^content-transfer-encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? unQuote(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { subject, text };
}

const file = (port: number) => join(tmpdir(), `convive-e2e-mail-${port}.jsonl`);
const runPort = () => Number(process.env.E2E_PORT ?? 3210);

/** Starts the catcher for the server on `port` and answers the SMTP_URL to give it; the file starts empty. */
export async function startMailbox(port: number): Promise<string> {
  rmSync(file(port), { force: true });
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A mailbox that does not exist (issue 31 §3: the 'Unsent email list'): any address at rechazado.invalid gets
    // the permanent 550 a real server answers, so the outbox lists it at once.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith("@rechazado.invalid")) {
        return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = { to, ...parse(Buffer.concat(chunks).toString("utf8")) };
        appendFileSync(file(port), `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const address = smtp.server.address();
  const smtpPort = typeof address === "object" && address ? address.port : 0;
  return `smtp://127.0.0.1:${smtpPort}`;
}

/** The e-mails to `email` so far, waiting (bounded) for at least one: the outbox sends within seconds. */
export async function mailsTo(email: string, timeoutMs = 20_000): Promise<Mail[]> {
  const started = Date.now();
  for (;;) {
    const lines = existsSync(file(runPort())) ? readFileSync(file(runPort()), "utf8").split("\n") : [];
    const mine = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Mail)
      .filter((m) => m.to.includes(email.toLowerCase()));
    if (mine.length > 0) return mine;
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in the latest e-mail to `email`. */
export async function linkInMail(email: string): Promise<URL> {
  const mails = await mailsTo(email);
  const match = /https?:\/\/\S+/.exec(mails[mails.length - 1]!.text);
  if (!match) throw new Error(`no link in the e-mail to ${email}`);
  return new URL(match[0]);
}

/** Accepts the invitation e-mailed to `email` with `password`, as its link's page does (POST /api/invitations/accept). */
export async function acceptInvitation(email: string, password: string) {
  const link = await linkInMail(email);
  await call("/api/invitations/accept", {
    method: "POST",
    body: { token: link.searchParams.get("invitation"), password, password_confirmation: password },
  });
}
