import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a receipt PDF); kept in the outbox row as base64 until delivered. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * Records the message in the outbox inside the caller's transaction, so a mail is sent only for
   * a change that committed; `flush` then delivers it.
   */
  enqueue(tx: Executor, message: MailMessage): Promise<string>;
  /**
   * Delivers what is due through SMTP_URL (with no SMTP, marks it kept in the outbox and logs it).
   * Rows are claimed with `FOR UPDATE SKIP LOCKED`, so concurrent flushes (two requests, two replicas)
   * never send one message twice.
   */
  flush(db: Executor): Promise<void>;
}

/** Gives up on a message after this many failed deliveries; it stays in the outbox with its error. */
export const MAX_MAIL_ATTEMPTS = 8;
const CLAIM_SECONDS = 120;

interface ClaimedRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  attachments: { filename: string; contentType: string; base64: string }[] | null;
  attempts: number;
}

/** The row's attachments (jsonb arrives parsed from both drivers; a string is parsed to be safe). */
function attachmentsOf(mail: ClaimedRow): NonNullable<ClaimedRow['attachments']> {
  const value = mail.attachments as unknown;
  if (typeof value === 'string') return JSON.parse(value) as NonNullable<ClaimedRow['attachments']>;
  return mail.attachments ?? [];
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  async function claim(db: Executor): Promise<ClaimedRow[]> {
    return queryRows<ClaimedRow>(
      db,
      sql`
      update mail_outbox set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where sent_at is null and (claimed_until is null or claimed_until < now()) and attempts < ${MAX_MAIL_ATTEMPTS}
        order by created_at
        limit 20
        for update skip locked
      )
      returning id, to_address, subject, text_body, attachments, attempts`,
    );
  }

  return {
    async enqueue(tx, message) {
      const id = newId();
      await tx.insert(mailOutbox).values({
        id,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        attachments: message.attachments?.length
          ? message.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              base64: a.content.toString('base64'),
            }))
          : null,
      });
      return id;
    },
    async flush(db) {
      for (;;) {
        const batch = await claim(db);
        if (batch.length === 0) return;
        for (const mail of batch) {
          if (!transport) {
            // No SMTP configured: the outbox row is the record; log where to find it, not its contents.
            options.log.info(
              { mailId: mail.id, to: mail.to_address, subject: mail.subject },
              'mail kept in outbox (no SMTP_URL)',
            );
            await db
              .update(mailOutbox)
              .set({ sentAt: new Date(), error: 'no SMTP_URL: kept in outbox' })
              .where(eq(mailOutbox.id, mail.id));
            continue;
          }
          try {
            await transport.sendMail({
              from: options.from,
              to: mail.to_address,
              subject: mail.subject,
              text: mail.text_body,
              attachments: attachmentsOf(mail).map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.base64,
                encoding: 'base64',
              })),
            });
            await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, mail.id));
          } catch (error) {
            options.log.warn(
              { mailId: mail.id, attempt: mail.attempts, err: error },
              'mail delivery failed; it stays queued',
            );
            // Back off: the claim runs out after a minute per failed attempt, then a later flush retries.
            await db.execute(sql`
              update mail_outbox set error = ${String((error as Error).message).slice(0, 500)},
                claimed_until = now() + make_interval(mins => ${mail.attempts})
              where id = ${mail.id}`);
          }
        }
      }
    },
  };
}
