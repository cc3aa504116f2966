import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { devMailbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  createdAt: Date;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** The development mailbox: stores each message in the database and prints it. */
export interface DevMailbox extends Mailer {
  readonly kind: 'dev-mailbox';
  list(to?: string): Promise<StoredMail[]>;
}

export function isDevMailbox(mailer: Mailer | undefined): mailer is DevMailbox {
  return mailer?.kind === 'dev-mailbox';
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

export function createDevMailbox(db: Db, options: { print?: boolean } = {}): DevMailbox {
  const print = options.print ?? true;
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await db.insert(devMailbox).values({ ...message, to: message.to.toLowerCase() });
      if (print) {
        const line = '─'.repeat(60);
        console.log(`\n${line}\n📬 dev mailbox → ${message.to}\n   ${message.subject}\n\n${message.text}\n${line}\n`);
      }
    },
    async list(to) {
      const rows = await db
        .select()
        .from(devMailbox)
        .where(to ? eq(devMailbox.to, to.trim().toLowerCase()) : undefined)
        .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
        .limit(200);
      return rows;
    },
  };
}

/** SMTP when SMTP_URL is set, else the dev mailbox. */
export function createMailer(db: Db, env: { SMTP_URL?: string; MAIL_FROM?: string } = process.env): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? 'Acompanha <nao-responda@acompanha.app>');
  return createDevMailbox(db);
}
