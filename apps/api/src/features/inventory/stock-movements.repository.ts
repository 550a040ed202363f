import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MovementRefType } from '@ipos/contracts';
import type { Executor } from '../../db/client.js';
import {
  accounts,
  invoices,
  productVariants,
  products,
  purchaseOrders,
  refunds,
  sales,
  stockAdjustments,
  stockCounts,
  stockMovements,
  stockTransfers,
  stores,
  wasteRecords,
} from '../../db/schema.js';

const variantJoin = and(
  eq(productVariants.businessId, stockMovements.businessId),
  eq(productVariants.id, stockMovements.variantId),
);
const productJoin = and(eq(products.businessId, stockMovements.businessId), eq(products.id, stockMovements.productId));

/** The movements a document made, in the order they were written (variant-id order within a call). */
export async function movementsOfDocument(db: Executor, businessId: string, refType: MovementRefType, refId: string) {
  return db
    .select({
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      productName: products.name,
      optionValues: productVariants.optionValues,
      sku: productVariants.sku,
      delta: stockMovements.delta,
      onHandAfter: stockMovements.onHandAfter,
    })
    .from(stockMovements)
    .innerJoin(productVariants, variantJoin)
    .innerJoin(products, productJoin)
    .where(
      and(
        eq(stockMovements.businessId, businessId),
        eq(stockMovements.refType, refType),
        eq(stockMovements.refId, refId),
      ),
    )
    .orderBy(asc(products.name), asc(productVariants.position), asc(stockMovements.id));
}

export interface MovementFilter {
  businessId: string;
  productId: string;
  storeId?: string | undefined;
  variantId?: string | undefined;
}

const filterOf = (f: MovementFilter) =>
  and(
    eq(stockMovements.businessId, f.businessId),
    eq(stockMovements.productId, f.productId),
    f.storeId ? eq(stockMovements.storeId, f.storeId) : undefined,
    f.variantId ? eq(stockMovements.variantId, f.variantId) : undefined,
  );

/** The document a movement points at, when its `ref_type` names that document's table. */
const documentJoin = (refType: MovementRefType, table: { businessId: AnyPgColumn; id: AnyPgColumn }) =>
  and(
    eq(stockMovements.refType, refType),
    eq(table.businessId, stockMovements.businessId),
    eq(table.id, stockMovements.refId),
  );

/** A product's ledger, newest first (occurred_at desc, id desc: the index order, keyset-friendly). */
export async function listMovementRows(db: Executor, filter: MovementFilter, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        occurredAt: stockMovements.occurredAt,
        storeId: stockMovements.storeId,
        storeName: stores.name,
        productId: stockMovements.productId,
        variantId: stockMovements.variantId,
        optionValues: productVariants.optionValues,
        sku: productVariants.sku,
        delta: stockMovements.delta,
        onHandAfter: stockMovements.onHandAfter,
        reason: stockMovements.reason,
        refType: stockMovements.refType,
        refId: stockMovements.refId,
        refNumber: sql<string | null>`coalesce(${stockAdjustments.number}, ${stockCounts.number}, ${
          stockTransfers.number
        }, ${sales.number}, ${refunds.number}, ${purchaseOrders.number}, ${wasteRecords.number}, ${invoices.number})`,
        /** A refund opens on its sale's page. */
        refundSaleId: refunds.saleId,
        note: stockMovements.note,
        actorId: stockMovements.actorAccountId,
        actorName: accounts.name,
      })
      .from(stockMovements)
      .innerJoin(stores, and(eq(stores.businessId, stockMovements.businessId), eq(stores.id, stockMovements.storeId)))
      .innerJoin(productVariants, variantJoin)
      .leftJoin(stockAdjustments, documentJoin('stock_adjustment', stockAdjustments))
      .leftJoin(stockCounts, documentJoin('stock_count', stockCounts))
      .leftJoin(stockTransfers, documentJoin('stock_transfer', stockTransfers))
      .leftJoin(sales, documentJoin('sale', sales))
      .leftJoin(refunds, documentJoin('refund', refunds))
      .leftJoin(purchaseOrders, documentJoin('purchase_order', purchaseOrders))
      .leftJoin(wasteRecords, documentJoin('waste', wasteRecords))
      .leftJoin(invoices, documentJoin('invoice', invoices))
      .leftJoin(accounts, eq(accounts.id, stockMovements.actorAccountId))
      .where(filterOf(filter))
      .orderBy(desc(stockMovements.occurredAt), desc(stockMovements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(stockMovements).where(filterOf(filter)),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
