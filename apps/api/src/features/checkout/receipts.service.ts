import { currencyCodes, taxByRate, type CurrencyCode, type Receipt, type ReceiptPaperWidth } from '@ipos/contracts';
import type { StoreAccess } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import type { Actor, AppDeps } from '../../http/context.js';
import { notFound } from '../../http/app-error.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { getSaleDetail } from './sale-view.service.js';
import { findReceiptHeader, findTaxRateNames, printableBusinessLogo } from '../../documents/letterhead.js';
import { receiptText } from './receipt-layout.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { queuePdfMail } from '../../mail/pdf-mail.js';

type Scope = Pick<StoreAccess, 'businessId' | 'storeId'>;

/** The receipt of a sale of the active store: its header facts, the sale, its tax by rate. */
export async function getReceipt(db: Executor, scope: Scope, saleId: string): Promise<Receipt> {
  const sale = await getSaleDetail(db, scope, saleId);
  const header = await findReceiptHeader(db, scope);
  if (!header) throw notFound('The store');

  const taxes = taxByRate(sale.lines);
  const names = await findTaxRateNames(
    db,
    scope.businessId,
    taxes.flatMap((t) => (t.rateId ? [t.rateId] : [])),
  );

  return {
    store: {
      displayName: header.displayName ?? `${header.businessName} ${header.storeName}`,
      address: header.address,
      phone: header.phone,
      timeZone: header.timeZone,
    },
    business: {
      name: header.businessName,
      currency: (currencyCodes as readonly string[]).includes(header.currency)
        ? (header.currency as CurrencyCode)
        : 'NGN',
      taxId: header.taxId,
      header: header.receiptHeader,
      footer: header.receiptFooter,
      logoVersion: header.logoVersion,
    },
    sale,
    taxes: taxes.map(({ rateId, rateBasisPoints, inclusive, taxMinor }) => ({
      name: (rateId && names.get(rateId)) || 'Tax',
      rateBasisPoints,
      inclusive,
      taxMinor,
    })),
  };
}

export async function getReceiptPdf(
  db: Executor,
  scope: Scope,
  saleId: string,
  width: ReceiptPaperWidth,
  { copy = false }: { copy?: boolean } = {},
): Promise<{ filename: string; pdf: Buffer }> {
  const receipt = await getReceipt(db, scope, saleId);
  const logo = await printableBusinessLogo(db, scope.businessId, receipt.business.logoVersion);
  return { filename: `${receipt.sale.number}.pdf`, pdf: await renderReceiptPdf(receipt, width, logo, { copy }) };
}

const HOUR_MS = 60 * 60 * 1000;
/**
 * Receipt mail goes to any address the person types, from the business's own sender: enough for a
 * busy till and a customer who asks twice, not enough to use the till as a mailer.
 */
export const RECEIPT_MAIL_LIMITS = {
  account: { limit: 20, windowMs: HOUR_MS },
  sale: { limit: 5, windowMs: HOUR_MS },
};

/**
 * Queues the receipt to an address: the fixed-width text in the body, the 80 mm PDF attached, and an
 * audit event (with the address: the business's record of where its receipt went) in the same
 * transaction. Rate-limited per person and per sale (429 RATE_LIMITED); delivery runs after the
 * answer, as for every mail.
 */
export async function emailReceipt(
  deps: AppDeps,
  actor: Actor,
  scope: Scope,
  saleId: string,
  email: string,
  { copy }: { copy: boolean },
) {
  const db = deps.database.db;
  const receipt = await getReceipt(db, scope, saleId);
  const now = deps.now();
  await enforceRateLimit(db, `receipt-mail:account:${actor.accountId}`, RECEIPT_MAIL_LIMITS.account, now);
  await enforceRateLimit(db, `receipt-mail:sale:${scope.businessId}:${receipt.sale.id}`, RECEIPT_MAIL_LIMITS.sale, now);
  const logo = await printableBusinessLogo(db, scope.businessId, receipt.business.logoVersion);
  const pdf = await renderReceiptPdf(receipt, '80', logo, { copy });
  await db.transaction(async (tx) => {
    await queuePdfMail(
      tx,
      deps.mailer,
      actor,
      {
        to: email,
        subject: `Your receipt ${receipt.sale.number} from ${receipt.store.displayName}`,
        text: `${copy ? 'COPY\n\n' : ''}${receiptText(receipt)}\n\nThe receipt is attached as a PDF.\n`,
        filename: `${receipt.sale.number}.pdf`,
        pdf,
      },
      {
        businessId: scope.businessId,
        storeId: scope.storeId,
        action: 'sale.receipt_emailed',
        entity: 'sale',
        entityId: receipt.sale.id,
        after: copy ? { email, copy } : { email },
      },
    );
  });
  void deps.mailer.flush(db).catch(() => undefined);
  return { queued: true as const };
}
