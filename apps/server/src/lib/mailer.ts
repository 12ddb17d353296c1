import nodemailer, { type Transporter } from "nodemailer";
import type { Tx } from "../db/client.ts";

/**
 * A file sent with an e-mail (issue 31 §3: a report's PDF or XLSX, the school's logo shown in the HTML body). The
 * outbox keeps it with the e-mail until it is delivered; an `id` chosen by the caller stores it once however many
 * e-mails carry it (the same report to twenty people).
 */
export interface MailAttachment {
  id?: string;
  filename: string;
  contentType: string;
  content: Buffer;
  /** Content-ID: a picture the HTML body shows inline (`<img src="cid:…">`) rather than a file to open. */
  cid?: string;
}

export interface Mail {
  /** The outbox row's id, chosen by the caller to follow the e-mail (a report's delivery); default: a new one. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Whose unsent list shows it if it finally fails: the school's Director, or root when null (platform mail). */
  schoolId?: string | null;
  /** Goes at once even in the school's quiet hours (password reset, invitation, unlock). */
  urgent?: boolean;
  /** To a family: held during the school's quiet hours unless urgent. */
  toFamily?: boolean;
  attachments?: MailAttachment[];
}

/**
 * What modules send with (`ctx.mailer`): the outbox (modules/outbox), which writes the e-mail in `tx` — the
 * transaction of what caused it — and has the job runner deliver it. Without `tx` it writes in its own.
 */
export interface Mailer {
  send(mail: Mail, tx?: Tx): Promise<void>;
  close(): void;
}

/** The SMTP side the outbox's job delivers through; `messageId` lets a receiver drop a repeat. */
export interface Transport {
  send(mail: Mail & { messageId?: string }): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise (a local install; production refuses to start without it, config.ts) the
 * message is dropped and only its recipient and subject are logged: the body holds live reset and invitation
 * links, and anyone who reads the log could use them. To read the e-mails locally, point SMTP_URL at a catcher
 * such as Mailpit (README).
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: (msg: string) => void }): Transport {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      if (!transport) {
        options.log(`e-mail not sent (SMTP_URL unset) to ${mail.to}: ${mail.subject}`);
        return;
      }
      const { to, subject, text, html, messageId } = mail;
      const attachments = mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
      }));
      const info = await transport.sendMail({ from: options.from, to, subject, text, html, messageId, attachments });
      if (!info.accepted?.length) throw new Error(`e-mail to ${mail.to} was not accepted`);
    },
    close: () => transport?.close(),
  };
}
