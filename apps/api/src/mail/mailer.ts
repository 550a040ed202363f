import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox inside the caller's transaction, so a mail is sent only for
   * a change that committed; `flush` then delivers it.
   */
  enqueue(tx: Executor, message: MailMessage): Promise<string>;
  /** Delivers queued messages through SMTP_URL, or, with no SMTP, logs them and keeps them in the outbox. */
  flush(db: Executor): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async enqueue(tx, message) {
      const id = newId();
      await tx.insert(mailOutbox).values({ id, toAddress: message.to, subject: message.subject, textBody: message.text });
      return id;
    },
    async flush(db) {
      const pending = await db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
      for (const mail of pending) {
        if (!transport) {
          // No SMTP configured: the outbox row is the record; log where to find it, not its secrets.
          options.log.info({ mailId: mail.id, to: mail.toAddress, subject: mail.subject }, 'mail kept in outbox (no SMTP_URL)');
          await db.update(mailOutbox).set({ sentAt: new Date(), error: 'no SMTP_URL: kept in outbox' }).where(eq(mailOutbox.id, mail.id));
          continue;
        }
        try {
          await transport.sendMail({ from: options.from, to: mail.toAddress, subject: mail.subject, text: mail.textBody });
          await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, mail.id));
        } catch (error) {
          options.log.warn({ mailId: mail.id, err: error }, 'mail delivery failed; it stays queued');
          await db.update(mailOutbox).set({ error: String((error as Error).message).slice(0, 500) }).where(eq(mailOutbox.id, mail.id));
        }
      }
    },
  };
}
