import nodemailer, { type Transporter } from "nodemailer";
import type { Tx } from "../db/client.ts";

export interface Mail {
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
      const info = await transport.sendMail({ from: options.from, to, subject, text, html, messageId });
      if (!info.accepted?.length) throw new Error(`e-mail to ${mail.to} was not accepted`);
    },
    close: () => transport?.close(),
  };
}
