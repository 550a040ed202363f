import type { Executor } from '../db/client.js';
import type { Actor } from '../http/context.js';
import { recordAudit, type AuditEntry } from '../audit/audit.js';
import type { Mailer } from './mailer.js';

/**
 * A document mailed as a PDF (a receipt, a purchase order, an invoice): the mail goes into the outbox
 * and its audit event is written in the caller's transaction, so both happen or neither does.
 * Delivery runs after the commit (`mailer.flush`), as for every mail.
 */
export async function queuePdfMail(
  tx: Executor,
  mailer: Mailer,
  actor: Actor,
  mail: { to: string; subject: string; text: string; filename: string; pdf: Buffer },
  audit: AuditEntry,
): Promise<void> {
  await mailer.enqueue(tx, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    attachments: [{ filename: mail.filename, contentType: 'application/pdf', content: mail.pdf }],
  });
  await recordAudit(tx, actor, audit);
}
