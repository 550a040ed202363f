import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, storeDay } from '@ipos/contracts';
import { productVariants, products } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import {
  cancelPurchaseOrderIn,
  closePurchaseOrderIn,
  createPurchaseOrderIn,
  recallPurchaseOrderIn,
  receivePurchaseOrderIn,
  type Scope,
} from '../features/purchase-orders/purchase-orders.service.js';
import type { DemoContext } from './demo-context.js';

type Who = 'owner' | 'admin' | 'manager';
type Line = [product: string, quantity: number];

interface DemoOrder {
  store: 'lekki' | 'ikeja';
  /** Index into the demo vendors. */
  vendor: number;
  by: Who;
  /** Days from today (negative: already due). */
  expectedIn: number;
  notes?: string;
  lines: Line[];
  /**
   * Deliveries, each a list of [line number, quantity], at the ordered cost: the moving average then
   * leaves every cost as it was, as the 90 days of history (whose sale lines carry the cost) expect.
   */
  receipts?: { lines: [lineNo: number, quantity: number][]; reference?: string }[];
  closeShort?: string;
  cancel?: string;
  recall?: { lines: [lineNo: number, quantity: number][]; reason: string };
}

/**
 * Demo Mart's purchasing, one order in every state, across both stores and all eight vendors:
 * an order just placed, one half delivered and late, one delivered in two loads, one closed short,
 * one cancelled, one with a damaged carton sent back and one returned whole. Everything goes through
 * the service's in-transaction functions, so receipts move stock and average costs as in the app.
 */
const demoOrders: DemoOrder[] = [
  {
    store: 'lekki',
    vendor: 0,
    by: 'manager',
    expectedIn: 4,
    notes: 'Deliver before noon, through the back gate',
    lines: [
      ['Mama Gold Rice 50kg', 6],
      ['Honeywell Spaghetti 500g', 60],
      ['Indomie Chicken Carton (40 x 70g)', 10],
    ],
  },
  {
    store: 'lekki',
    vendor: 1,
    by: 'manager',
    expectedIn: -3,
    lines: [
      ['Peak Milk Evaporated Tin 160g', 96],
      ['Milo Refill 400g', 24],
      ['Bournvita Refill 500g', 24],
    ],
    receipts: [
      {
        lines: [
          [1, 48],
          [3, 24],
        ],
        reference: 'DN-22817',
      },
    ],
  },
  {
    store: 'lekki',
    vendor: 2,
    by: 'admin',
    expectedIn: -16,
    lines: [
      ['Dangote Sugar 1kg', 48],
      ['Golden Penny Semovita 1kg', 36],
    ],
    receipts: [
      {
        lines: [
          [1, 24],
          [2, 36],
        ],
        reference: 'INV-5521',
      },
      { lines: [[1, 24]], reference: 'INV-5540' },
    ],
  },
  {
    store: 'ikeja',
    vendor: 3,
    by: 'owner',
    expectedIn: -9,
    lines: [
      ['Kings Vegetable Oil 1L', 24],
      ['Power Oil 3L', 12],
    ],
    receipts: [
      {
        lines: [
          [1, 24],
          [2, 6],
        ],
        reference: 'WB-0093',
      },
    ],
    closeShort: 'Vendor out of Power Oil 3L until next month',
  },
  {
    store: 'ikeja',
    vendor: 4,
    by: 'owner',
    expectedIn: 2,
    lines: [['Maggi Star Cubes (100 cubes)', 40]],
    cancel: 'Ordered twice by mistake: see the order from the other vendor',
  },
  {
    store: 'lekki',
    vendor: 5,
    by: 'manager',
    expectedIn: -21,
    lines: [
      ['Titus Sardines in Vegetable Oil 125g', 48],
      ['Geisha Mackerel in Tomato Sauce 155g', 48],
    ],
    receipts: [
      {
        lines: [
          [1, 48],
          [2, 48],
        ],
        reference: 'CF-1180',
      },
    ],
    recall: { lines: [[2, 12]], reason: 'One carton of dented tins' },
  },
  {
    store: 'ikeja',
    vendor: 6,
    by: 'owner',
    expectedIn: -12,
    lines: [['Fanta Orange 50cl PET', 24]],
    receipts: [{ lines: [[1, 24]], reference: 'NB-77310' }],
    recall: { lines: [[1, 24]], reason: 'Wrong product delivered: we ordered the 1L bottles' },
  },
  {
    store: 'ikeja',
    vendor: 7,
    by: 'owner',
    expectedIn: 7,
    lines: [
      ['Dangote Spaghetti 500g', 48],
      ['Golden Penny Macaroni 500g', 24],
    ],
  },
];

export async function seedDemoPurchaseOrders(demo: DemoContext): Promise<void> {
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

  for (const order of demoOrders) {
    const actor = demo.actorFor(demo.accounts[order.by]);
    const scope: Scope = { businessId, storeId: demo.stores[order.store] };
    const vendor = demo.vendors[order.vendor % demo.vendors.length]!;
    const created = await createPurchaseOrderIn(tx, actor, scope, {
      vendorId: vendor.id,
      expectedOn: addDays(today, order.expectedIn),
      ...(order.notes ? { notes: order.notes } : {}),
      lines: order.lines.map(([name, quantity]) => {
        const variant = variants.get(name);
        if (!variant) throw new Error(`The demo product ${name} is missing`);
        return { variantId: variant.variantId, quantity, unitCostMinor: variant.cost };
      }),
    });
    let version = created.version;
    for (const receipt of order.receipts ?? []) {
      const received = await receivePurchaseOrderIn(tx, actor, scope, created.id, {
        id: newId(),
        lines: receipt.lines.map(([lineNo, quantity]) => ({ lineNo, quantity })),
        ...(receipt.reference ? { reference: receipt.reference } : {}),
      });
      version = received.version;
    }
    if (order.closeShort)
      await closePurchaseOrderIn(tx, actor, scope, created.id, { version, reason: order.closeShort });
    if (order.cancel) await cancelPurchaseOrderIn(tx, actor, scope, created.id, { version, reason: order.cancel });
    if (order.recall)
      await recallPurchaseOrderIn(tx, actor, scope, created.id, {
        id: newId(),
        lines: order.recall.lines.map(([lineNo, quantity]) => ({ lineNo, quantity })),
        reason: order.recall.reason,
      });
  }
}
