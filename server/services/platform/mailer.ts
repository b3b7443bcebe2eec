// Outgoing mail. With SMTP_URL, nodemailer sends it; without, it goes to the dev outbox: a row in
// mail_outbox (listed at GET /dev/outbox outside production) and, outside production, one log
// line with the recipient, subject and text, so a developer can read an OTP without a mail server.
import type { FastifyBaseLogger } from 'fastify';
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { AppDb } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage { to: string; subject: string; text: string }

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps the mail in the database. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  production: boolean;
  db: AppDb;
  /** The app's logger; the CLI passes its own. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(m) {
      await opts.db.insert(mailOutbox).values({ to_address: m.to, subject: m.subject, text: m.text });
      // Production logs must not carry OTPs: there the operator reads mail_outbox (and should set SMTP_URL).
      if (opts.production) opts.log.warn({ to: m.to, subject: m.subject }, 'SMTP_URL is not set: mail kept in mail_outbox');
      else opts.log.info(`[dev outbox] to=${m.to} subject="${m.subject}" text=${JSON.stringify(m.text)}`);
    },
    close: () => {},
  };
}

/** The dev outbox, newest first (at most `limit` mails). */
export async function latestOutboxMail(db: AppDb, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.created_at)).limit(limit);
}
