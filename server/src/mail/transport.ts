/**
 * Where mail goes: an SMTP server (SMTP_URL) or, without one, an outbox folder of .eml files under DATA_DIR so a
 * store run locally still delivers its reset links. Both compose the message with nodemailer, so an .eml file is
 * exactly what SMTP would have carried.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender (src/mail/sender.ts); the transport's own when absent. */
  from?: string;
}

export interface MailTransport {
  /** Human-readable destination for the logs (never the SMTP password). */
  readonly describe: string;
  /** Resolves once the mail is accepted (returns where it went); rejects on any failure. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** SMTP defaults wait minutes on a dead server; a sender must finish well within the queue's lease (5 minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: '20000', greetingTimeout: '20000', socketTimeout: '60000' };

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  for (const [k, v] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  const transporter = nodemailer.createTransport(url.toString());
  return {
    describe: `smtp ${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail) {
      const info = await transporter.sendMail({ from: mail.from ?? from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return `smtp ${info.messageId}`;
    },
    close: () => transporter.close(),
  };
}

export function outboxTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `outbox ${dir}`,
    async send(mail) {
      const info = await composer.sendMail({ from: mail.from ?? from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      fs.mkdirSync(dir, { recursive: true });
      // Named by queue id: a mail sent again after a crash overwrites its own file instead of appearing twice.
      const file = path.join(dir, `${String(mail.id).padStart(6, '0')}-${mail.kind}.eml`);
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
      return file;
    },
    close: () => undefined,
  };
}
