import { Dexie } from 'dexie';
import type { CreateSaleBody, Receipt } from '@ipos/contracts';
import type { DeviceDb, OutboxRow } from '../../../lib/device-db';
import { newId } from '../../../lib/ids';
import { nextOfflineReference } from './offline-reference';
import type { SaleAnswer } from './outbox-answer';

/** A sale about to be sent: what its outbox row is made of. */
export interface NewSale {
  /** The body of the online attempt (with its `id`). */
  body: CreateSaleBody & { id: string };
  idempotencyKey: string;
  businessId: string;
  storeId: string;
  sessionId: string;
  cashierId: string;
  /** `LEK-T1`: the store's alias and the register's short code. */
  referencePrefix: string;
  /** The receipt the device prints if the server does not answer (its number given then). */
  receipt: Receipt | null;
}

/** Writes the sale to the outbox, last in the device's order, before anything is sent. */
export function queueSale(db: DeviceDb, sale: NewSale, now: Date): Promise<OutboxRow> {
  return db.transaction('rw', db.outbox, async () => {
    const last = await db.outbox.orderBy('sequence').last();
    const row: OutboxRow = {
      saleId: sale.body.id,
      sequence: (last?.sequence ?? 0) + 1,
      businessId: sale.businessId,
      storeId: sale.storeId,
      sessionId: sale.sessionId,
      cashierId: sale.cashierId,
      idempotencyKey: sale.idempotencyKey,
      soldAt: now.toISOString(),
      body: sale.body,
      offlineReference: null,
      state: 'pending',
      lastAnswer: null,
      referencePrefix: sale.referencePrefix,
      firstAttempt: null,
      receipt: sale.receipt,
      sale: null,
    };
    await db.outbox.add(row);
    return row;
  });
}

/**
 * The sale completes on the device: it gets its offline reference, and its body becomes the offline
 * one (the time sold, the reference, the prices charged) under a new key, the first attempt kept
 * beside it. A row already answered (another tab's replay) or already offline stays as it is.
 */
export function completeOffline(db: DeviceDb, saleId: string): Promise<OutboxRow | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(saleId);
    if (!row || row.state !== 'pending' || row.offlineReference) return row;
    const offlineReference = await nextOfflineReference(db, row.referencePrefix ?? 'POS-R');
    const next: OutboxRow = {
      ...row,
      offlineReference,
      firstAttempt: { body: row.body, idempotencyKey: row.idempotencyKey },
      body: { ...row.body, soldAt: row.soldAt, offlineReference },
      idempotencyKey: newId(),
      receipt: row.receipt
        ? { ...row.receipt, sale: { ...row.receipt.sale, number: offlineReference, completedAt: row.soldAt } }
        : null,
    };
    await db.outbox.put(next);
    return next;
  });
}

/** Records what the server said: the sale recorded (synced), refused (needs attention), or nothing yet. */
export async function recordAnswer(db: DeviceDb, saleId: string, answer: SaleAnswer, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(saleId);
    if (!row || row.state === 'synced') return;
    if (answer.kind === 'recorded')
      await db.outbox.update(saleId, { state: 'synced', sale: answer.sale, lastAnswer: { status: 201, at } });
    else if (answer.kind === 'refused')
      await db.outbox.update(saleId, {
        state: 'needs-attention',
        keptForLater: false,
        lastAnswer: { status: answer.status, code: answer.code, message: answer.message, at },
      });
    else await db.outbox.update(saleId, { lastAnswer: { status: answer.status, message: answer.message, at } });
  });
}

/**
 * A sale the server refused while the cashier was still at the till (it never completed on the
 * device): the cart stays on screen to be fixed and paid again as a new attempt.
 */
export async function forgetRefusedAttempt(db: DeviceDb, saleId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(saleId);
    if (row && row.state !== 'synced' && !row.offlineReference) await db.outbox.delete(saleId);
  });
}

/** The sales waiting to be sent, in the device's order. */
export async function pendingInOrder(db: DeviceDb): Promise<OutboxRow[]> {
  return (await db.outbox.where('state').equals('pending').toArray()).sort((a, b) => a.sequence - b.sequence);
}

/** A refused sale goes back in the queue, with the same body and key (the refusal kept nothing). */
export async function retrySale(db: DeviceDb, saleId: string): Promise<void> {
  await db.outbox
    .where('saleId')
    .equals(saleId)
    .and((row) => row.state === 'needs-attention')
    .modify({ state: 'pending', keptForLater: false });
}

/** A refused sale stays on the list, no longer counted as new. Nothing is deleted. */
export async function keepForLater(db: DeviceDb, saleId: string): Promise<void> {
  await db.outbox
    .where('saleId')
    .equals(saleId)
    .and((row) => row.state === 'needs-attention')
    .modify({ keptForLater: true });
}

/**
 * How long a synced sale stays on the device: its receipt reprints from the server by then, and the
 * catalogue has read the stock it took many times over. Every sale passes through the outbox, so
 * without this a busy till would keep every sale it ever made.
 */
export const SYNCED_KEPT_MS = 3 * 24 * 60 * 60 * 1000;

/** Forgets the sales synced longer ago than `SYNCED_KEPT_MS`; a sale waiting or refused is never touched. */
export async function pruneSynced(db: DeviceDb, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SYNCED_KEPT_MS).toISOString();
  return db.outbox
    .where('state')
    .equals('synced')
    .and((row) => (row.lastAnswer?.at ?? row.soldAt) < before)
    .delete();
}

/** Every sale of this store on the device, whatever its state (the catalogue takes them off its on hand). */
export function storeSales(db: DeviceDb, storeId: string): Promise<OutboxRow[]> {
  return db.outbox.where('[storeId+state]').between([storeId, Dexie.minKey], [storeId, Dexie.maxKey]).toArray();
}
