import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema.js';
import type { Server } from '../../src/server.js';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest message queued for an address (case-insensitive), or undefined when there is none. */
export async function latestMailTo(server: Pick<Server, 'deps'>, address: string): Promise<OutboxMail | undefined> {
  const [row] = await server.deps.database.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = ${address.trim().toLowerCase()}`)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** Every message queued for an address, oldest first. */
export async function mailsTo(server: Pick<Server, 'deps'>, address: string): Promise<OutboxMail[]> {
  return server.deps.database.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = ${address.trim().toLowerCase()}`)
    .orderBy(mailOutbox.createdAt, mailOutbox.id);
}

/** The first link to `path` with a `token` query in a mail's text, and the token; throws when there is none. */
function tokenLinkIn(mail: Pick<OutboxMail, 'textBody'> | undefined, path: string, publicUrl: string) {
  if (!mail) throw new Error('No mail was queued');
  const escaped = `${publicUrl}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail.textBody.match(new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`));
  if (!match) throw new Error(`No ${path} link in the mail:\n${mail.textBody}`);
  return { link: match[0], token: decodeURIComponent(match[1]!) };
}

/**
 * The reset link of a password-reset mail and its token. Fails the test (throws) when the text holds
 * no link of the expected shape, so a changed mail template is noticed.
 */
export function resetLinkIn(mail: Pick<OutboxMail, 'textBody'> | undefined, publicUrl = 'http://ipos.test') {
  return tokenLinkIn(mail, '/onboarding/reset-password', publicUrl);
}

/** The link of a sign-up mail (finish creating the account) and its token; throws when there is none. */
export function signUpLinkIn(mail: Pick<OutboxMail, 'textBody'> | undefined, publicUrl = 'http://ipos.test') {
  return tokenLinkIn(mail, '/onboarding/verify-email', publicUrl);
}

/** Waits until the outbox row is marked sent (delivery runs after the response), or fails after timeoutMs. */
export async function waitUntilSent(
  server: Pick<Server, 'deps'>,
  mailId: string,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await server.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (row?.sentAt) return row;
    if (Date.now() > deadline)
      throw new Error(`Mail ${mailId} was not sent within ${timeoutMs} ms (error: ${row?.error ?? 'none'})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP peer on 127.0.0.1 that keeps what it receives. */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
