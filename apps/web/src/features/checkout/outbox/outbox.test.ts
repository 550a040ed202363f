import { describe, expect, it } from 'vitest';
import { deviceDb } from '../../../lib/device-db';
import { newId } from '../../../lib/ids';
import { FakeSalesApi } from './fake-sales-api';
import { FIRST_ATTEMPT_GRACE_MS, replayPass, sellThroughOutbox, type OutboxDeps } from './outbox';
import { keepForLater, retrySale, SYNCED_KEPT_MS, type NewSale } from './outbox-store';
import { Replayer } from './replayer';

const STORE = '0190a6a0-0000-7000-8000-0000000000b1';
const OTHER_STORE = '0190a6a0-0000-7000-8000-0000000000b2';
const SESSION = '0190a6a0-0000-7000-8000-0000000000c1';
const VARIANT = '0190a6a0-0000-7000-8000-0000000000e1';

function newSale(overrides: Partial<NewSale> = {}): NewSale {
  return {
    body: {
      id: newId(),
      sessionId: SESSION,
      lines: [{ variantId: VARIANT, quantity: 2, unitPriceMinor: 50_000 }],
      payments: [{ method: 'cash', amountMinor: 100_000, tenderedMinor: 120_000 }],
      expectedTotalMinor: 100_000,
    },
    idempotencyKey: newId(),
    businessId: '0190a6a0-0000-7000-8000-0000000000a0',
    storeId: STORE,
    sessionId: SESSION,
    cashierId: '0190a6a0-0000-7000-8000-0000000000a1',
    referencePrefix: 'LEK-T1',
    receipt: null,
    ...overrides,
  };
}

function setup() {
  const api = new FakeSalesApi();
  let time = Date.parse('2026-11-26T10:00:00Z');
  const deps: OutboxDeps = { db: deviceDb(), send: api.send, timeoutMs: 20, now: () => new Date(time) };
  return { api, deps, later: (ms: number) => (time += ms) };
}

describe('selling through the outbox', () => {
  it('writes the sale to the device before sending it, and marks it synced with the server’s sale', async () => {
    const { api, deps } = setup();
    const sale = newSale();
    let rowWhenSent: unknown;
    const outcome = await sellThroughOutbox(
      {
        ...deps,
        send: async (request, signal) => {
          rowWhenSent = await deviceDb().outbox.get(request.body.id);
          return api.send(request, signal);
        },
      },
      sale,
    );
    expect(rowWhenSent).toMatchObject({ saleId: sale.body.id, state: 'pending', idempotencyKey: sale.idempotencyKey });
    expect(outcome.kind).toBe('recorded');
    const row = await deviceDb().outbox.get(sale.body.id);
    expect(row).toMatchObject({ state: 'synced', offlineReference: null, sale: { number: 'LEK-S000001' } });
    expect(api.received[0]!.body).not.toHaveProperty('offlineReference');
  });

  it.each(['hang', 'offline', 'unavailable'] as const)(
    'with no answer (%s) completes the sale on the device with its offline reference',
    async (weather) => {
      const { api, deps } = setup();
      api.weather = weather;
      const first = await sellThroughOutbox(deps, newSale());
      const second = await sellThroughOutbox(deps, newSale());
      expect(first.kind).toBe('offline');
      expect(second.kind).toBe('offline');
      if (first.kind !== 'offline' || second.kind !== 'offline') return;
      expect(first.row).toMatchObject({ state: 'pending', offlineReference: 'LEK-T1-OFF-0001' });
      expect(second.row.offlineReference).toBe('LEK-T1-OFF-0002');
      // The offline body: the time sold, the reference, the prices charged; a new key, the first kept.
      expect(first.row.body).toMatchObject({
        soldAt: '2026-11-26T10:00:00.000Z',
        offlineReference: 'LEK-T1-OFF-0001',
        lines: [{ variantId: VARIANT, quantity: 2, unitPriceMinor: 50_000 }],
      });
      expect(first.row.firstAttempt?.body).not.toHaveProperty('offlineReference');
      expect(first.row.idempotencyKey).not.toBe(first.row.firstAttempt?.idempotencyKey);
      expect(api.sales.size).toBe(0);
    },
  );

  it('keeps the queue and never repeats a reference when sign-out clears the local storage', async () => {
    const { api, deps } = setup();
    api.weather = 'offline';
    await sellThroughOutbox(deps, newSale());
    // Signing out clears localStorage (lib/storage.ts clearAllStored); the device store stays.
    localStorage.clear();
    const next = await sellThroughOutbox(deps, newSale());
    expect(next).toMatchObject({ kind: 'offline', row: { offlineReference: 'LEK-T1-OFF-0002' } });
    expect(await deviceDb().outbox.where('state').equals('pending').count()).toBe(2);
  });

  it('forgets sales synced more than three days ago at the next pass; waiting and refused ones stay', async () => {
    const { api, deps, later } = setup();
    const old = newSale();
    await sellThroughOutbox(deps, old);
    api.weather = 'offline';
    const [synced, refused, waiting] = [newSale(), newSale(), newSale()];
    await sellThroughOutbox(deps, synced);
    await sellThroughOutbox(deps, refused);
    later(SYNCED_KEPT_MS - 60_000);
    api.weather = 'up';
    api.refuse.add(refused.body.id);
    expect(await replayPass(deps)).toEqual({ recorded: 1, refused: 1, stopped: false });
    api.weather = 'offline';
    await sellThroughOutbox(deps, waiting);
    const states = async () => (await deviceDb().outbox.toArray()).map((r) => [r.saleId, r.state]).sort();
    expect(await states()).toEqual(
      [
        [old.body.id, 'synced'],
        [synced.body.id, 'synced'],
        [refused.body.id, 'needs-attention'],
        [waiting.body.id, 'pending'],
      ].sort(),
    );

    later(2 * 60_000);
    await replayPass(deps);
    expect(await states()).toEqual(
      [
        [synced.body.id, 'synced'],
        [refused.body.id, 'needs-attention'],
        [waiting.body.id, 'pending'],
      ].sort(),
    );
  });

  it('gives the cart back on a refusal at the till, keeping nothing', async () => {
    const { api, deps } = setup();
    const sale = newSale();
    api.refuse.add(sale.body.id);
    const outcome = await sellThroughOutbox(deps, sale);
    expect(outcome).toMatchObject({ kind: 'refused', answer: { status: 400, code: 'VALIDATION_FAILED' } });
    expect(await deviceDb().outbox.count()).toBe(0);
  });

  it('queues a sale behind older waiting ones without sending it first', async () => {
    const { api, deps } = setup();
    api.weather = 'offline';
    await sellThroughOutbox(deps, newSale());
    api.weather = 'up';
    const second = await sellThroughOutbox(deps, newSale());
    expect(second).toMatchObject({ kind: 'offline', row: { offlineReference: 'LEK-T1-OFF-0002' } });
    expect(api.received).toHaveLength(0);
  });
});

describe('replaying the queue', () => {
  it('answers a sale whose first answer was lost from its first key: one sale on the server', async () => {
    const { api, deps } = setup();
    api.weather = 'lost';
    const sale = newSale();
    const outcome = await sellThroughOutbox(deps, sale);
    expect(outcome.kind).toBe('offline');
    expect(api.sales.size).toBe(1);
    api.weather = 'up';
    expect(await replayPass(deps)).toEqual({ recorded: 1, refused: 0, stopped: false });
    expect(api.commits).toEqual([sale.body.id]);
    const row = await deviceDb().outbox.get(sale.body.id);
    // The offline body, under its own key, is answered as the recorded sale, with the printed reference.
    expect(row).toMatchObject({
      state: 'synced',
      sale: { id: sale.body.id, number: 'LEK-S000001', offlineReference: row!.offlineReference },
    });
    expect(row!.offlineReference).toMatch(/-OFF-0001$/);
    expect(api.received.map((r) => r.idempotencyKey)).toEqual([sale.idempotencyKey, row!.idempotencyKey]);
  });

  it('sends the first attempt again when the server refuses the offline body as an existing sale', async () => {
    const { api, deps } = setup();
    api.weather = 'lost';
    const sale = newSale();
    await sellThroughOutbox(deps, sale);
    // The server's sale has a reference already: the offline body is an existing sale there.
    const recorded = api.sales.get(sale.body.id)!;
    recorded.sale = { ...recorded.sale, offlineReference: 'LEK-T1-OFF-9999' };
    api.weather = 'up';
    expect(await replayPass(deps)).toEqual({ recorded: 1, refused: 0, stopped: false });
    const row = await deviceDb().outbox.get(sale.body.id);
    expect(row).toMatchObject({ state: 'synced', sale: { id: sale.body.id, number: 'LEK-S000001' } });
    expect(api.commits).toEqual([sale.body.id]);
    expect(api.received.map((r) => r.idempotencyKey)).toEqual([
      sale.idempotencyKey,
      row!.idempotencyKey,
      sale.idempotencyKey,
    ]);
  });

  it('sends in the order sold with the same keys, stops at a sale with no answer and goes on later', async () => {
    const { api, deps } = setup();
    api.weather = 'offline';
    const sales = [newSale(), newSale({ storeId: OTHER_STORE }), newSale()];
    for (const s of sales) await sellThroughOutbox(deps, s);
    const keys = (await deviceDb().outbox.orderBy('sequence').toArray()).map((r) => r.idempotencyKey);

    api.weather = 'unavailable';
    expect(await replayPass(deps)).toEqual({ recorded: 0, refused: 0, stopped: true });
    api.weather = 'hang';
    expect((await replayPass(deps)).stopped).toBe(true);
    api.weather = 'up';
    expect(await replayPass(deps)).toEqual({ recorded: 3, refused: 0, stopped: false });
    expect(api.commits).toEqual(sales.map((s) => s.body.id));
    expect(api.received.map((r) => r.idempotencyKey)).toEqual(keys);
    // Each to the store that sold it.
    expect(api.received.map((r) => r.storeId)).toEqual([STORE, OTHER_STORE, STORE]);
  });

  it.each(['signed-out'] as const)('keeps a sale waiting when the server cannot take it yet (%s)', async (weather) => {
    const { api, deps } = setup();
    api.weather = 'offline';
    await sellThroughOutbox(deps, newSale());
    api.weather = weather;
    expect((await replayPass(deps)).stopped).toBe(true);
    expect(await deviceDb().outbox.where('state').equals('pending').count()).toBe(1);
  });

  it('moves a refused sale to needs attention with the reason, goes on, and sends it again on retry', async () => {
    const { api, deps } = setup();
    api.weather = 'offline';
    const [bad, good] = [newSale(), newSale()];
    await sellThroughOutbox(deps, bad);
    await sellThroughOutbox(deps, good);
    api.weather = 'up';
    api.refuse.add(bad.body.id);
    expect(await replayPass(deps)).toEqual({ recorded: 1, refused: 1, stopped: false });
    expect(await deviceDb().outbox.get(bad.body.id)).toMatchObject({
      state: 'needs-attention',
      lastAnswer: { status: 400, code: 'VALIDATION_FAILED', message: 'Some lines are not valid' },
    });
    await keepForLater(deviceDb(), bad.body.id);
    expect(await deviceDb().outbox.get(bad.body.id)).toMatchObject({ state: 'needs-attention', keptForLater: true });
    api.refuse.clear();
    await retrySale(deviceDb(), bad.body.id);
    expect(await replayPass(deps)).toEqual({ recorded: 1, refused: 0, stopped: false });
    expect(api.commits).toEqual([good.body.id, bad.body.id]);
  });

  it('leaves a sale in its first attempt to that attempt, then sends it as it was written', async () => {
    const { api, deps, later } = setup();
    // The page wrote the row and died before any answer.
    const { queueSale } = await import('./outbox-store');
    const sale = newSale();
    await queueSale(deviceDb(), sale, new Date(deps.now!()));
    expect((await replayPass(deps)).stopped).toBe(true);
    expect(api.received).toHaveLength(0);
    later(FIRST_ATTEMPT_GRACE_MS);
    expect((await replayPass(deps)).recorded).toBe(1);
    expect(api.received[0]).toMatchObject({ idempotencyKey: sale.idempotencyKey, body: sale.body });
  });

  it('runs one pass at a time; a sync asked for meanwhile runs after it', async () => {
    const { api, deps } = setup();
    api.weather = 'offline';
    await sellThroughOutbox(deps, newSale());
    api.weather = 'up';
    let passes = 0;
    const replayer = new Replayer({
      ...deps,
      exclusive: async (pass) => {
        passes += 1;
        return pass();
      },
    });
    await Promise.all([replayer.sync(), replayer.sync(), replayer.sync()]);
    expect(api.commits).toHaveLength(1);
    expect(passes).toBe(2);
    // Another tab holds the lock: this tab sends nothing.
    await sellThroughOutbox({ ...deps, send: () => Promise.reject(new TypeError('offline')) }, newSale());
    const blocked = new Replayer({ ...deps, exclusive: async () => undefined });
    expect(await blocked.sync()).toBeUndefined();
    expect(api.commits).toHaveLength(1);
  });
});
