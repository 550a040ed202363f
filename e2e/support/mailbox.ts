import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Mail the e2e servers send goes to a real SMTP peer (global-setup.ts) that appends each message to
 * this file; journeys read it to follow links (password reset, invitations).
 */
export const mailboxFile = path.join(os.tmpdir(), `ipos-e2e-mailbox-${process.env.IPOS_E2E_RUN_ID ?? 'local'}.jsonl`);

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export function readMailbox(): ReceivedMail[] {
  if (!fs.existsSync(mailboxFile)) return [];
  return fs
    .readFileSync(mailboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** Waits for the newest mail to an address whose subject matches, received after `since`. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  { since = new Date(0), timeoutMs = 10_000 }: { since?: Date; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMailbox()
      .filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()) && subject.test(m.subject))
      .filter((m) => new Date(m.receivedAt) >= since)
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a mail's text that starts with the given URL prefix. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`No link starting ${prefix} in:\n${mail.text}`);
  return match[0];
}
