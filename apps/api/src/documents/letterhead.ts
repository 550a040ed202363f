import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { businessLogos, businesses, stores, taxRates } from '../db/schema.js';
import type { PdfLogo } from '../lib/pdf-writer.js';

/**
 * The letterhead every printed document shares (receipts, invoices, purchase orders): the business
 * and store it comes from, the logo, and the names of the tax rates it lists.
 */

type Scope = { businessId: string; storeId: string };

/** What a receipt prints about the store and its business. */
export interface ReceiptHeaderRow {
  businessId: string;
  businessName: string;
  logoVersion: number | null;
  currency: string;
  taxId: string | null;
  receiptHeader: string | null;
  receiptFooter: string | null;
  storeName: string;
  displayName: string | null;
  address: string | null;
  phone: string | null;
  timeZone: string;
}

export async function findReceiptHeader(db: Executor, scope: Scope): Promise<ReceiptHeaderRow | undefined> {
  const [row] = await db
    .select({
      businessId: businesses.id,
      businessName: businesses.name,
      logoVersion: businesses.logoVersion,
      currency: businesses.currency,
      taxId: businesses.taxId,
      receiptHeader: businesses.receiptHeader,
      receiptFooter: businesses.receiptFooter,
      storeName: stores.name,
      displayName: stores.displayName,
      address: stores.address,
      phone: stores.phone,
      timeZone: stores.timeZone,
    })
    .from(stores)
    .innerJoin(businesses, eq(businesses.id, stores.businessId))
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, scope.storeId)));
  return row;
}

/** Names of the business's tax rates by id (a rate renamed since the sale prints its current name). */
export async function findTaxRateNames(db: Executor, businessId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: taxRates.id, name: taxRates.name })
    .from(taxRates)
    .where(and(eq(taxRates.businessId, businessId), inArray(taxRates.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findBusinessLogo(db: Executor, businessId: string) {
  const [row] = await db.select().from(businessLogos).where(eq(businessLogos.businessId, businessId));
  return row;
}

/** The logo documents print (receipts, invoices, purchase orders); none without a logo version. */
export async function printableBusinessLogo(
  db: Executor,
  businessId: string,
  logoVersion: number | null,
): Promise<PdfLogo | null> {
  if (logoVersion == null) return null;
  return (await findBusinessLogo(db, businessId)) ?? null;
}
