import type { FastifyBaseLogger } from "fastify";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail. With no SMTP configured, mail is written to the log (development's verify links). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mail sent by this process, newest last (tests read verification links from it). */
  readonly sent: Mail[];
}

export function logMailer(log: FastifyBaseLogger): Mailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      if (sent.length > 100) sent.shift();
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail (no SMTP configured)");
    },
  };
}

/** Mail through the SMTP server of `CLIPWRIGHT_SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(url);
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      sent.push(mail);
      if (sent.length > 100) sent.shift();
    },
  };
}
