import { and, eq, inArray } from 'drizzle-orm';
import { addDays, storeDay, toThousandths } from '@ipos/contracts';
import { productVariants, products } from '../db/schema.js';
import { seededRandom } from '../lib/seeded-random.js';
import { createStockTransferIn, receiveStockTransferIn } from '../features/inventory/stock-transfers.service.js';
import { findTransfer } from '../features/inventory/stock-transfers.repository.js';
import type { DemoContext } from './demo-context.js';
import { lagosAt, type DatedStep } from './demo-history.js';

type Store = 'lekki' | 'ikeja';
type Who = 'owner' | 'admin' | 'manager' | 'cashier';

interface DemoTransfer {
  from: Store;
  by: Who;
  /** Days before today it was sent. */
  sent: number;
  note: string;
  lines: [product: string, quantity: number][];
  /** Received this many days after it was sent (0: the same afternoon), by this person; absent: still in transit. */
  received?: { after: number; by: Who };
}

/**
 * Stock moved between Lekki and Ikeja over the ninety days: a store short before a busy weekend, a
 * cooler that ran out, and yesterday's van still on the road to Ikeja (in transit, for Ikeja's
 * cashier to receive). Each is sent and received through the transfer service at its own time.
 */
const demoTransfers: DemoTransfer[] = [
  {
    from: 'lekki',
    by: 'manager',
    sent: 70,
    note: 'Ikeja ran short before the weekend',
    lines: [
      ['Indomie Chicken 70g', 48],
      ['Peak Milk Evaporated Tin 160g', 24],
    ],
    received: { after: 1, by: 'cashier' },
  },
  {
    from: 'ikeja',
    by: 'owner',
    sent: 33,
    note: 'The Lekki cooler ran out of Bigi',
    lines: [['Bigi Cola 60cl', 24]],
    received: { after: 0, by: 'manager' },
  },
  {
    from: 'lekki',
    by: 'admin',
    sent: 12,
    note: 'Staples for the Ikeja shelves',
    lines: [
      ['Golden Penny Semovita 1kg', 10],
      ['Dangote Sugar 500g', 12],
    ],
    received: { after: 1, by: 'cashier' },
  },
  {
    from: 'lekki',
    by: 'manager',
    sent: 1,
    note: 'On the afternoon van',
    lines: [
      ['Honeywell Spaghetti 500g', 12],
      ['Gino Tomato Paste 70g Sachet', 50],
    ],
  },
];

/**
 * The steps of the demo's transfers: sent late morning, received the next morning or the same
 * afternoon. A transfer the sending shelf could not spare (then or later in the history) is left out.
 */
export async function demoTransferSteps(demo: DemoContext): Promise<DatedStep[]> {
  const { tx, businessId } = demo;
  const rows = await tx
    .select({ name: products.name, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(
      and(
        eq(productVariants.businessId, businessId),
        inArray(products.name, [...new Set(demoTransfers.flatMap((t) => t.lines.map(([name]) => name)))]),
      ),
    );
  const variantOf = new Map(rows.map((r) => [r.name, r.variantId]));
  const today = storeDay('Africa/Lagos', demo.now);
  const rng = seededRandom(0x7a2f);
  const steps: DatedStep[] = [];
  for (const transfer of demoTransfers) {
    const from = demo.stores[transfer.from];
    const to = demo.stores[transfer.from === 'lekki' ? 'ikeja' : 'lekki'];
    const sentOn = addDays(today, -transfer.sent);
    const sentAt = lagosAt(sentOn, 10 * 3600 + rng.int(0, 7199));
    const lines = transfer.lines.flatMap(([name, quantity]) => {
      const variantId = variantOf.get(name);
      return variantId ? [{ variantId, quantity }] : [];
    });
    const made = { id: '' };
    steps.push({
      at: sentAt,
      async run(shelves) {
        // Never send what the shelf cannot spare, then or by the later history's sales.
        if (lines.some((l) => shelves.spare(from, l.variantId) < toThousandths(l.quantity))) return;
        made.id = await createStockTransferIn(
          tx,
          demo.actorFor(demo.accounts[transfer.by], sentAt),
          { businessId, storeId: from },
          { toStoreId: to, note: transfer.note, lines },
          sentAt,
        );
      },
    });
    const received = transfer.received;
    if (!received) continue;
    const receivedAt = lagosAt(
      addDays(sentOn, received.after),
      received.after === 0 ? 15 * 3600 + rng.int(0, 3599) : 9 * 3600 + rng.int(0, 3599),
    );
    steps.push({
      at: receivedAt,
      async run() {
        if (!made.id) return;
        const scope = { businessId, storeId: to };
        const row = await findTransfer(tx, businessId, to, made.id);
        await receiveStockTransferIn(
          tx,
          demo.actorFor(demo.accounts[received.by], receivedAt),
          scope,
          made.id,
          row!.version,
          receivedAt,
        );
      },
    });
  }
  return steps;
}
