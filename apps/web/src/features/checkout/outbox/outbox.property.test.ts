import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { closeDeviceDb, DEVICE_DB_NAME, deviceDb } from '../../../lib/device-db';
import { newId } from '../../../lib/ids';
import { FakeSalesApi, type Weather } from './fake-sales-api';
import { sellThroughOutbox, type OutboxDeps } from './outbox';
import { queueSale, type NewSale } from './outbox-store';
import { Replayer } from './replayer';

/** A small seeded generator (mulberry32): a failing seed replays the same sequence. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SESSION = '0190a6a0-0000-7000-8000-0000000000c1';

function newSale(n: number): NewSale {
  return {
    body: {
      id: newId(),
      sessionId: SESSION,
      lines: [{ variantId: '0190a6a0-0000-7000-8000-0000000000e1', quantity: n, unitPriceMinor: 1_000 }],
      payments: [{ method: 'cash', amountMinor: n * 1_000 }],
      expectedTotalMinor: n * 1_000,
    },
    idempotencyKey: newId(),
    businessId: '0190a6a0-0000-7000-8000-0000000000a0',
    storeId: '0190a6a0-0000-7000-8000-0000000000b1',
    sessionId: SESSION,
    cashierId: '0190a6a0-0000-7000-8000-0000000000a1',
    referencePrefix: 'LEK-T1',
    receipt: null,
  };
}

const WEATHERS: Weather[] = ['up', 'offline', 'lost', 'hang', 'unavailable', 'signed-out'];

/**
 * One random day at the till: sales, the network coming and going, answers lost or never coming,
 * reloads (the replayer made again from IndexedDB), a page dying mid-sale, sign-outs, syncs and time
 * passing; then the network comes back for good. Returns the sales sold and what the server recorded.
 */
async function day(seed: number, steps: number) {
  const next = random(seed);
  const api = new FakeSalesApi();
  let time = Date.parse('2026-11-26T08:00:00Z');
  const deps = (): OutboxDeps => ({ db: deviceDb(), send: api.send, timeoutMs: 5, now: () => new Date(time) });
  let replayer = new Replayer({ ...deps(), exclusive: (pass) => pass() });
  const sold: string[] = [];
  const log: string[] = [];
  for (let i = 0; i < steps; i += 1) {
    const roll = next();
    if (roll < 0.35) {
      const sale = newSale(sold.length + 1);
      sold.push(sale.body.id);
      const outcome = await sellThroughOutbox(deps(), sale);
      log.push(`sell:${api.weather}:${outcome.kind}`);
    } else if (roll < 0.55) {
      api.weather = WEATHERS[Math.floor(next() * WEATHERS.length)]!;
      log.push(`weather:${api.weather}`);
    } else if (roll < 0.75) {
      await replayer.sync();
      log.push('sync');
    } else if (roll < 0.83) {
      // A reload: the page (and its replayer) is gone; the device store is opened again.
      closeDeviceDb();
      replayer = new Replayer({ ...deps(), exclusive: (pass) => pass() });
      log.push('reload');
    } else if (roll < 0.88) {
      // The page died after writing the sale, before sending it.
      const sale = newSale(sold.length + 1);
      sold.push(sale.body.id);
      await queueSale(deviceDb(), sale, new Date(time));
      log.push('crash');
    } else {
      time += Math.floor(next() * 40_000);
      log.push('time');
    }
  }
  api.weather = 'up';
  time += 60_000;
  for (let i = 0; i < 5 && (await deviceDb().outbox.where('state').equals('pending').count()) > 0; i += 1)
    await replayer.sync();
  return { sold, api, log, rows: await deviceDb().outbox.orderBy('sequence').toArray() };
}

describe('the sale queue, over random days', () => {
  it('delivers every sale exactly once and in the order sold', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      closeDeviceDb();
      await Dexie.delete(DEVICE_DB_NAME);
      localStorage.clear();
      const { sold, api, log, rows } = await day(seed, 40);
      const context = `seed ${seed}: ${log.join(' ')}`;
      expect(api.commits, context).toEqual(sold);
      expect(
        rows.map((r) => r.state),
        context,
      ).toEqual(sold.map(() => 'synced'));
      expect(
        rows.map((r) => r.sale?.id),
        context,
      ).toEqual(sold);
    }
  }, 120_000);
});
