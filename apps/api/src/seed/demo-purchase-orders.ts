import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, storeDay } from '@ipos/contracts';
import { productVariants, products } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { seededRandom } from '../lib/seeded-random.js';
import {
  cancelPurchaseOrderIn,
  closePurchaseOrderIn,
  createPurchaseOrderIn,
  recallPurchaseOrderIn,
  receivePurchaseOrderIn,
  type Scope,
} from '../features/purchase-orders/purchase-orders.service.js';
import type { Actor } from '../http/context.js';
import type { DemoContext } from './demo-context.js';
import { lagosAt, type DatedStep } from './demo-history.js';

type Who = 'owner' | 'admin' | 'manager';
type Line = [product: string, quantity: number];

interface DemoOrder {
  store: 'lekki' | 'ikeja';
  /** Index into the demo vendors. */
  vendor: number;
  by: Who;
  /** Days before today it was placed (within the ninety days of history). */
  placed: number;
  /** Days after placing that the vendor promised it (the expected date; past: already due). */
  leadDays: number;
  notes?: string;
  lines: Line[];
  /**
   * Deliveries, `after` days from placing (1–7: a Lagos vendor's lead time), each a list of
   * [line number, quantity], at the ordered cost: the moving average then leaves every cost as it
   * was, as the 90 days of history (whose sale lines carry the cost) expect.
   */
  receipts?: { after: number; lines: [lineNo: number, quantity: number][]; reference?: string }[];
  closeShort?: { after: number; reason: string };
  cancel?: { after: number; reason: string };
  recall?: { after: number; lines: [lineNo: number, quantity: number][]; reason: string };
}

/**
 * Demo Mart's purchasing over the ninety days, one order in every state, across both stores and all
 * eight vendors: routine deliveries weeks ago, an order just placed, one half delivered and late, one
 * delivered in two loads, one closed short, one cancelled, one with a damaged carton sent back and one
 * returned whole. Each step (placed, delivered, closed, cancelled, returned) runs through the
 * service's in-transaction function at its own time among the history's sales, so receipts move stock
 * and average costs as in the app and the ledger, the order and its audit trail agree on the dates.
 */
const demoOrders: DemoOrder[] = [
  {
    store: 'lekki',
    vendor: 1,
    by: 'manager',
    placed: 86,
    leadDays: 3,
    lines: [
      ['Star Lager 60cl', 48],
      ['Heineken 60cl', 48],
    ],
    receipts: [
      {
        after: 2,
        lines: [
          [1, 48],
          [2, 48],
        ],
        reference: 'DN-20411',
      },
    ],
  },
  {
    store: 'lekki',
    vendor: 5,
    by: 'manager',
    placed: 79,
    leadDays: 5,
    lines: [
      ['Titus Sardines in Vegetable Oil 125g', 48],
      ['Geisha Mackerel in Tomato Sauce 155g', 48],
    ],
    receipts: [
      {
        after: 4,
        lines: [
          [1, 48],
          [2, 48],
        ],
        reference: 'CF-1180',
      },
    ],
    recall: { after: 9, lines: [[2, 12]], reason: 'One carton of dented tins' },
  },
  {
    store: 'ikeja',
    vendor: 6,
    by: 'owner',
    placed: 72,
    leadDays: 2,
    lines: [
      ['Sprite 50cl PET', 48],
      ['Pepsi 50cl PET', 48],
    ],
    receipts: [
      {
        after: 1,
        lines: [
          [1, 48],
          [2, 48],
        ],
        reference: 'NB-75102',
      },
    ],
  },
  {
    store: 'lekki',
    vendor: 3,
    by: 'admin',
    placed: 64,
    leadDays: 5,
    lines: [
      ['Milo Refill 400g', 24],
      ['Peak Milk Powder Refill 400g', 24],
    ],
    receipts: [
      {
        after: 4,
        lines: [
          [1, 24],
          [2, 24],
        ],
        reference: 'NF-3307',
      },
    ],
  },
  {
    store: 'lekki',
    vendor: 2,
    by: 'admin',
    placed: 58,
    leadDays: 7,
    lines: [
      ['Dangote Sugar 1kg', 48],
      ['Golden Penny Semovita 1kg', 36],
    ],
    receipts: [
      {
        after: 3,
        lines: [
          [1, 24],
          [2, 36],
        ],
        reference: 'INV-5521',
      },
      { after: 7, lines: [[1, 24]], reference: 'INV-5540' },
    ],
  },
  {
    store: 'ikeja',
    vendor: 6,
    by: 'owner',
    placed: 47,
    leadDays: 3,
    lines: [['Fanta Orange 50cl PET', 24]],
    receipts: [{ after: 2, lines: [[1, 24]], reference: 'NB-77310' }],
    recall: { after: 3, lines: [[1, 24]], reason: 'Wrong product delivered: we ordered the 1L bottles' },
  },
  {
    store: 'ikeja',
    vendor: 3,
    by: 'owner',
    placed: 37,
    leadDays: 5,
    lines: [
      ['Kings Vegetable Oil 1L', 24],
      ['Power Oil 3L', 12],
    ],
    receipts: [
      {
        after: 4,
        lines: [
          [1, 24],
          [2, 6],
        ],
        reference: 'WB-0093',
      },
    ],
    closeShort: { after: 6, reason: 'Vendor out of Power Oil 3L until next month' },
  },
  {
    store: 'ikeja',
    vendor: 0,
    by: 'owner',
    placed: 31,
    leadDays: 6,
    lines: [['Honeywell Spaghetti 500g', 48]],
    receipts: [{ after: 6, lines: [[1, 48]], reference: 'OL-88215' }],
  },
  {
    store: 'lekki',
    vendor: 1,
    by: 'manager',
    placed: 10,
    leadDays: 7,
    lines: [
      ['Peak Milk Evaporated Tin 160g', 96],
      ['Milo Refill 400g', 24],
      ['Bournvita Refill 500g', 24],
    ],
    receipts: [
      {
        after: 5,
        lines: [
          [1, 48],
          [3, 24],
        ],
        reference: 'DN-22817',
      },
    ],
  },
  {
    store: 'ikeja',
    vendor: 4,
    by: 'owner',
    placed: 3,
    leadDays: 5,
    lines: [['Maggi Star Cubes (100 cubes)', 40]],
    cancel: { after: 1, reason: 'Ordered twice by mistake: see the order from the other vendor' },
  },
  {
    store: 'ikeja',
    vendor: 7,
    by: 'owner',
    placed: 2,
    leadDays: 9,
    lines: [
      ['Dangote Spaghetti 500g', 48],
      ['Golden Penny Macaroni 500g', 24],
    ],
  },
  {
    store: 'lekki',
    vendor: 0,
    by: 'manager',
    placed: 1,
    leadDays: 5,
    notes: 'Deliver before noon, through the back gate',
    lines: [
      ['Mama Gold Rice 50kg', 6],
      ['Honeywell Spaghetti 500g', 60],
      ['Indomie Chicken Carton (40 x 70g)', 10],
    ],
  },
];

/**
 * The steps of every demo order, each at its time: placed in the morning, delivered late morning to
 * mid-afternoon `after` days later, closed, cancelled or returned in the late afternoon.
 */
export async function demoPurchaseOrderSteps(demo: DemoContext): Promise<DatedStep[]> {
  const { tx, businessId } = demo;
  const names = [...new Set(demoOrders.flatMap((o) => o.lines.map(([name]) => name)))];
  // The first variant of each product (by position), with its cost: what the buyer types in.
  const rows = await tx
    .select({ name: products.name, variantId: productVariants.id, cost: productVariants.costPriceMinor })
    .from(products)
    .innerJoin(
      productVariants,
      and(eq(productVariants.businessId, products.businessId), eq(productVariants.productId, products.id)),
    )
    .where(and(eq(products.businessId, businessId), inArray(products.name, names)))
    .orderBy(asc(productVariants.position));
  const variants = new Map<string, { variantId: string; cost: number }>();
  for (const r of rows)
    if (!variants.has(r.name)) variants.set(r.name, { variantId: r.variantId, cost: Number(r.cost) });
  const today = storeDay('Africa/Lagos', demo.now);
  const rng = seededRandom(0x0dde5);
  const steps: DatedStep[] = [];

  for (const order of demoOrders) {
    const placedOn = addDays(today, -order.placed);
    const at = (after: number, fromHour: number, hours: number) =>
      lagosAt(addDays(placedOn, after), fromHour * 3600 + rng.int(0, hours * 3600 - 1));
    const step = (when: Date, run: (actor: Actor) => Promise<unknown>) =>
      steps.push({ at: when, run: () => run(demo.actorFor(demo.accounts[order.by], when)).then(() => undefined) });
    const scope: Scope = { businessId, storeId: demo.stores[order.store] };
    const vendor = demo.vendors[order.vendor % demo.vendors.length]!;
    // Set by the first step; the order's later steps are later in time, so they run after it.
    const made = { id: '', version: 0 };
    step(at(0, 9, 2), async (actor) => {
      const created = await createPurchaseOrderIn(tx, actor, scope, {
        vendorId: vendor.id,
        expectedOn: addDays(placedOn, order.leadDays),
        ...(order.notes ? { notes: order.notes } : {}),
        lines: order.lines.map(([name, quantity]) => {
          const variant = variants.get(name);
          if (!variant) throw new Error(`The demo product ${name} is missing`);
          return { variantId: variant.variantId, quantity, unitCostMinor: variant.cost };
        }),
      });
      Object.assign(made, { id: created.id, version: created.version });
    });
    for (const receipt of order.receipts ?? [])
      step(at(receipt.after, 11, 4), async (actor) => {
        const received = await receivePurchaseOrderIn(tx, actor, scope, made.id, {
          id: newId(),
          lines: receipt.lines.map(([lineNo, quantity]) => ({ lineNo, quantity })),
          ...(receipt.reference ? { reference: receipt.reference } : {}),
        });
        made.version = received.version;
      });
    const { closeShort, cancel, recall } = order;
    if (closeShort)
      step(at(closeShort.after, 16, 1), (actor) =>
        closePurchaseOrderIn(tx, actor, scope, made.id, { version: made.version, reason: closeShort.reason }),
      );
    if (cancel)
      step(at(cancel.after, 16, 1), (actor) =>
        cancelPurchaseOrderIn(tx, actor, scope, made.id, { version: made.version, reason: cancel.reason }),
      );
    if (recall)
      step(at(recall.after, 16, 1), (actor) =>
        recallPurchaseOrderIn(tx, actor, scope, made.id, {
          id: newId(),
          lines: recall.lines.map(([lineNo, quantity]) => ({ lineNo, quantity })),
          reason: recall.reason,
        }),
      );
  }
  return steps;
}
