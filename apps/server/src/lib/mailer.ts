import nodemailer, { type Transporter } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message is written to the log so a local install still shows links. */
export function createMailer(options: { smtpUrl?: string; from: string; log: (msg: string) => void }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      if (!options.smtpUrl) options.log(`e-mail (SMTP_URL unset) to ${mail.to}: ${mail.subject}\n${mail.text}`);
      else if (!info.accepted?.length) throw new Error(`e-mail to ${mail.to} was not accepted`);
    },
    close: () => transport.close(),
  };
}
