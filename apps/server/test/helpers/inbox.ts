import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import type { Config } from "../../src/config/config.ts";
import { createTestApp, type TestApp } from "./app.ts";

export interface Received {
  to: string[];
  subject: string;
  text: string;
  /** The html part of a multipart message, decoded ("" when there is none). */
  html: string;
  /** Files of a multipart message (issue 31 §3: a report's PDF or XLSX, an inline logo), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer; inline: boolean }[];
  /** The Message-ID header. */
  messageId: string;
}

/** Undoes the transfer encodings nodemailer may use: RFC 2047 words in headers, quoted-printable bodies. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replaceAll("_", " ")),
  );
const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** A part's (or a message's) headers unfolded, and its body. */
function split(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  return { headers: head.replace(/\r?\n[ \t]+/g, " "), body: rest.join("\n\n") };
}
const header = (headers: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(headers)?.[1]?.trim();
function decodeBody(headers: string, body: string): Buffer {
  const encoding = header(headers, "content-transfer-encoding")?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(body), "utf8");
  return Buffer.from(body, "utf8");
}

/** The leaf parts of a MIME message, nested multiparts walked. */
function leaves(raw: string): { headers: string; body: string }[] {
  const { headers, body } = split(raw);
  const boundary = /boundary="?([^";\s]+)"?/i.exec(header(headers, "content-type") ?? "")?.[1];
  if (!/^multipart\//i.test(header(headers, "content-type") ?? "") || !boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .flatMap((part) => leaves(part.replace(/^\r?\n/, "")));
}

function parseMessage(raw: string, to: string[]): Received {
  const { headers } = split(raw);
  const subject = decodeWords(header(headers, "subject") ?? "");
  const messageId = header(headers, "message-id") ?? "";
  const parts = leaves(raw);
  let text = "";
  let html = "";
  const attachments: Received["attachments"] = [];
  for (const part of parts) {
    const type = header(part.headers, "content-type") ?? "text/plain";
    const disposition = header(part.headers, "content-disposition") ?? "";
    const filename = /filename\*?="?([^";]+)"?/i.exec(`${disposition}; ${type}`)?.[1];
    if (filename) {
      attachments.push({
        filename: decodeWords(filename),
        contentType: type.split(";")[0]!.trim(),
        content: decodeBody(part.headers, part.body),
        inline: /^inline/i.test(disposition),
      });
    } else if (/^text\/html/i.test(type)) html ||= decodeBody(part.headers, part.body).toString("utf8");
    else if (!text) text = decodeBody(part.headers, part.body).toString("utf8");
  }
  return { to, subject, text, html, attachments, messageId };
}

/**
 * A real SMTP server on a free port that keeps what it receives, so tests read e-mails as a person would
 * (the app sends them through nodemailer exactly as in production).
 */
export async function startInbox(
  options: {
    port?: number;
    refuse?: (recipient: string) => boolean;
    /** While it says true, a message's DATA is held unanswered (a delivery in flight) until `releaseHeld`. */
    hold?: () => boolean;
  } = {},
) {
  const messages: Received[] = [];
  const held: ((error?: Error | null) => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A refused recipient gets a permanent 550, as a server answers for an unknown mailbox.
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error("mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const message = parseMessage(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((r) => r.address),
        );
        // Kept only once accepted: a message answered with an error was not received.
        const answer = (error?: Error | null) => {
          if (!error) messages.push(message);
          callback(error ?? null);
        };
        if (options.hold?.()) held.push(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;

  /** Every message to `email` so far. */
  const to = (email: string) => messages.filter((m) => m.to.includes(email));

  /** Waits (bounded) until `email` has received `count` messages; returns the last. E-mails go after the answer. */
  async function waitFor(email: string, count = 1, timeoutMs = 5000): Promise<Received> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const found = to(email);
      if (found.length >= count) return found[count - 1]!;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${count} e-mails to ${email} within ${timeoutMs} ms`);
  }

  /** Answers every held message: accepted, or refused with a temporary 451 (the message was not received). */
  function releaseHeld(refuseWith451 = false) {
    const error = Object.assign(new Error("try again later"), { responseCode: 451 });
    for (const answer of held.splice(0)) answer(refuseWith451 ? error : null);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    waitFor,
    heldCount: () => held.length,
    releaseHeld,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

export type Inbox = Awaited<ReturnType<typeof startInbox>>;

export const PUBLIC_URL = "https://convive.example";
/** Schools are its subdomains: an e-mailed link opens `https://<school>.convive.example/…`. */
export const APP_DOMAIN = "convive.example";

/**
 * The real app sending through a real SMTP server on a random port, with what it received: the invitation
 * e-mails are the only place a token exists, as they would be for a person.
 */
export async function createAppWithInbox(overrides: Partial<Config> = {}) {
  const smtp = await startInbox();
  const t: TestApp = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, APP_DOMAIN, ...overrides });

  /** Every message to the address so far, waiting (bounded) until there are at least `count`. */
  async function mailsTo(email: string, count = 1, timeoutMs = 5000): Promise<Received[]> {
    const started = Date.now();
    const mine = () => smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
    while (mine().length < count) {
      if (Date.now() - started > timeoutMs) throw new Error(`fewer than ${count} e-mails to ${email}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return mine();
  }

  /** The token of the latest invitation e-mailed to the address. */
  async function invitationToken(email: string, count = 1): Promise<string> {
    const mails = await mailsTo(email, count);
    const text = mails[mails.length - 1]!.text;
    const match = /https:\/\/[\w-]+\.convive\.example\/RecoverPassword\?invitation=([\w-]+)/.exec(text);
    if (!match) throw new Error(`no invitation link in:\n${text}`);
    return match[1]!;
  }

  return {
    ...t,
    inbox: smtp.messages,
    mailsTo,
    invitationToken,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

let ipCounter = 0;
/** The public invitation calls are rate limited per address; each call comes from its own. */
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export const lookupInvitation = (app: FastifyInstance, token: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/invitations/lookup",
    payload: { token },
    headers,
    remoteAddress: freshIp(),
  });

export const acceptInvitation = (
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/invitations/accept",
    payload: { token, ...body },
    headers,
    remoteAddress: freshIp(),
  });
