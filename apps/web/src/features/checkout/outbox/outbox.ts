import type { DeviceDb, OutboxRow } from '../../../lib/device-db';
import { SALE_ANSWER_TIMEOUT_MS, sendWithin, type SaleAnswer, type SendSale } from './outbox-answer';
import {
  completeOffline,
  forgetRefusedAttempt,
  pendingInOrder,
  pruneSynced,
  queueSale,
  recordAnswer,
  type NewSale,
} from './outbox-store';

export interface OutboxDeps {
  db: DeviceDb;
  send: SendSale;
  now?: () => Date;
  /** How long a sending waits for its answer. */
  timeoutMs?: number;
}

const clock = (deps: OutboxDeps) => deps.now?.() ?? new Date();

/** What completing a sale came to. */
export type SaleOutcome =
  | { kind: 'recorded'; row: OutboxRow }
  /** Completed on the device: its offline reference printed, "Pending sync". */
  | { kind: 'offline'; row: OutboxRow }
  /** Refused while the cashier is at the till: nothing was sold, the cart stays. */
  | { kind: 'refused'; answer: Extract<SaleAnswer, { kind: 'refused' }> };

/**
 * Completing a sale: the row is in the outbox before anything is sent; then one online attempt.
 * Answered: recorded (synced). Refused: the cart goes back to the cashier, the row goes. No answer in
 * time: the sale completes on the device with its offline reference and waits in the queue. While
 * older sales wait in the queue, the sale completes on the device at once and queues behind them.
 */
export async function sellThroughOutbox(deps: OutboxDeps, sale: NewSale): Promise<SaleOutcome> {
  const { db } = deps;
  const row = await queueSale(db, sale, clock(deps));
  // Older sales still wait: this one waits behind them, so the server gets them in the order sold.
  if ((await pendingInOrder(db)).some((r) => r.sequence < row.sequence)) {
    const queued = (await completeOffline(db, row.saleId)) ?? row;
    return { kind: 'offline', row: queued };
  }
  const answer = await sendWithin(
    deps.send,
    { body: row.body, idempotencyKey: row.idempotencyKey, storeId: row.storeId },
    deps.timeoutMs ?? SALE_ANSWER_TIMEOUT_MS,
  );
  if (answer.kind === 'refused') {
    await forgetRefusedAttempt(db, row.saleId);
    return { kind: 'refused', answer };
  }
  if (answer.kind === 'no-answer') await completeOffline(db, row.saleId);
  await recordAnswer(db, row.saleId, answer, clock(deps));
  const now = (await db.outbox.get(row.saleId)) ?? row;
  return now.state === 'synced' ? { kind: 'recorded', row: now } : { kind: 'offline', row: now };
}

/**
 * Sends a queued sale as it was queued. A sale that went offline after an unanswered first attempt
 * that the server did record is answered as that sale, which takes the offline reference its receipt
 * was printed with. Should the server still refuse it as an existing sale (it has a reference
 * already), the first attempt is sent again with its own key and answered from that key: the same
 * sale, once, either way.
 */
export async function replaySale(deps: OutboxDeps, row: OutboxRow): Promise<SaleAnswer> {
  const timeout = deps.timeoutMs ?? SALE_ANSWER_TIMEOUT_MS;
  const answer = await sendWithin(
    deps.send,
    { body: row.body, idempotencyKey: row.idempotencyKey, storeId: row.storeId },
    timeout,
  );
  if (answer.kind === 'refused' && answer.code === 'SALE_EXISTS' && row.firstAttempt)
    return sendWithin(deps.send, { ...row.firstAttempt, storeId: row.storeId }, timeout);
  return answer;
}

/** A sale still in its first attempt (no offline reference yet) is left to that attempt this long. */
export const FIRST_ATTEMPT_GRACE_MS = 30_000;

export interface PassReport {
  /** Recorded by the server in this pass. */
  recorded: number;
  /** Refused: now needing attention. */
  refused: number;
  /** The pass stopped at a sale with no answer (the rest wait behind it, in order). */
  stopped: boolean;
}

/**
 * One pass over the queue, in the device's order: each pending sale sent with its own key until one
 * gets no answer (the pass stops there, so the order holds). A refused sale leaves the queue for the
 * "Needs attention" list and the pass goes on. Sales synced days ago are forgotten first.
 */
export async function replayPass(deps: OutboxDeps): Promise<PassReport> {
  const report: PassReport = { recorded: 0, refused: 0, stopped: false };
  await pruneSynced(deps.db, clock(deps));
  const tried = new Set<string>();
  for (;;) {
    const next = (await pendingInOrder(deps.db)).find((row) => !tried.has(row.saleId));
    if (!next) return report;
    // Its first attempt may still be under way (this tab or another): the rest wait behind it.
    const inFirstAttempt =
      next.offlineReference === null && clock(deps).getTime() - Date.parse(next.soldAt) < FIRST_ATTEMPT_GRACE_MS;
    if (inFirstAttempt) return { ...report, stopped: true };
    tried.add(next.saleId);
    const answer = await replaySale(deps, next);
    await recordAnswer(deps.db, next.saleId, answer, clock(deps));
    if (answer.kind === 'no-answer') return { ...report, stopped: true };
    if (answer.kind === 'recorded') report.recorded += 1;
    else report.refused += 1;
  }
}
