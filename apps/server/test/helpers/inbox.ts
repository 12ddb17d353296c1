import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  to: string[];
  subject: string;
  text: string;
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

function parseMessage(raw: string, to: string[]): Received {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeWords(/^subject: (.*)$/im.exec(headers)?.[1] ?? "");
  const body = rest.join("\n\n");
  const encoding = /^content-transfer-encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { to, subject, text };
}

/**
 * A real SMTP server on a free port that keeps what it receives, so tests read e-mails as a person would
 * (the app sends them through nodemailer exactly as in production).
 */
export async function startInbox() {
  const messages: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        messages.push(
          parseMessage(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
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

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    waitFor,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

export type Inbox = Awaited<ReturnType<typeof startInbox>>;
