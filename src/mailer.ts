import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock.js";
import { randomBase62 } from "./ids.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes instead of the sender (a hand-off's mail: to the person who asked). */
  replyTo?: string;
}

/** Outgoing mail. With no SMTP configured, mail goes to an outbox directory (development's verify links). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mail sent by this process, newest last (tests read verification links from it). */
  readonly sent: Mail[];
}

/**
 * No SMTP configured: each mail becomes an .eml file in `dir` (readable by the owner only), and the
 * log says where. The log never carries the text: verification links are credentials.
 */
export function outboxMailer(dir: string, from: string, log: FastifyBaseLogger, clock: Clock): Mailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      if (sent.length > 100) sent.shift();
      const now = clock.now();
      const file = join(dir, `${now.toISOString().replace(/[:.]/g, "-")}-${randomBase62(8)}.eml`);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(file, eml(from, mail, now), { mode: 0o600, flag: "wx" });
      log.info({ to: mail.to, subject: mail.subject, file }, "mail written to the outbox (no SMTP configured)");
    },
  };
}

/** A plain-text message any mail client opens. Header values lose line breaks (no header injection). */
function eml(from: string, mail: Mail, date: Date): string {
  const line = (v: string) => v.replace(/[\r\n]+/g, " ");
  return [
    `From: ${line(from)}`,
    `To: ${line(mail.to)}`,
    ...(mail.replyTo ? [`Reply-To: ${line(mail.replyTo)}`] : []),
    `Subject: ${line(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    mail.text.replace(/\r?\n/g, "\r\n"),
    "",
  ].join("\r\n");
}

/** Mail through the SMTP server of `CLIPWRIGHT_SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(url);
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, replyTo: mail.replyTo });
      sent.push(mail);
      if (sent.length > 100) sent.shift();
    },
  };
}
