import { and, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  storeDay,
  systemRolePermissions,
  toThousandths,
  type SystemRoleName,
  type WasteReason,
} from '@ipos/contracts';
import { productVariants, products } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { seededRandom } from '../lib/seeded-random.js';
import { recordWasteIn, rejectWasteIn } from '../features/waste/waste.service.js';
import type { DemoContext } from './demo-context.js';
import { lagosAt, type DatedStep } from './demo-history.js';

type Who = 'owner' | 'admin' | 'manager' | 'cashier' | 'newhire';
const roleOf: Record<Who, SystemRoleName> = {
  owner: 'IPOS_ADMIN',
  admin: 'IPOS_ADMIN',
  manager: 'IPOS_MANAGER_USER',
  cashier: 'IPOS_BASIC',
  newhire: 'IPOS_BASIC',
};

interface DemoWaste {
  store: 'lekki' | 'ikeja';
  product: string;
  quantity: number;
  reason: WasteReason;
  note?: string;
  by: Who;
  /** Days before today it was recorded (within the ninety days of history). */
  daysAgo: number;
  /** Rejected the next morning by this person, with this reason (a pending record). */
  rejectedBy?: { by: Who; reason: string };
}

/**
 * What three months of writing off look like at Demo Mart: expired dairy, dented tins, spoiled
 * produce, a theft, all recorded; a freezer failure at Lekki and spoiled turkey at Ikeja in the last
 * days, both recorded by IPOS_BASIC staff above the ₦5,000 threshold and still waiting for a manager;
 * one rejected claim; and between them the routine end-of-day write-offs of bread and produce
 * (`routineWaste`). Every record goes through `recordWasteIn` under the role of the person at its
 * time, so the threshold rule decides which wait.
 */
const demoWaste: DemoWaste[] = [
  {
    store: 'lekki',
    product: 'Hollandia Yoghurt Strawberry 1L',
    quantity: 3,
    reason: 'expired',
    by: 'manager',
    note: 'Past the best-before date on the chiller shelf',
    daysAgo: 83,
  },
  {
    store: 'ikeja',
    product: 'Indomie Chicken 70g',
    quantity: 5,
    reason: 'damaged',
    by: 'cashier',
    note: 'Torn packs',
    daysAgo: 76,
  },
  {
    store: 'lekki',
    product: 'Peak Milk Evaporated Tin 160g',
    quantity: 6,
    reason: 'damaged',
    by: 'admin',
    note: 'Dented and leaking tins from the bottom of the stack',
    daysAgo: 71,
  },
  { store: 'lekki', product: 'Fresh Tomatoes (per kg)', quantity: 2.5, reason: 'spoiled', by: 'manager', daysAgo: 64 },
  {
    store: 'lekki',
    product: 'Agege Bread Loaf',
    quantity: 4,
    reason: 'expired',
    by: 'newhire',
    note: 'Yesterday’s bread, mouldy',
    daysAgo: 52,
  },
  { store: 'ikeja', product: 'Red Onions (per kg)', quantity: 1.75, reason: 'spoiled', by: 'owner', daysAgo: 45 },
  {
    store: 'lekki',
    product: 'Star Lager 60cl',
    quantity: 2,
    reason: 'theft',
    by: 'manager',
    note: 'Missing from the cooler at closing count',
    daysAgo: 40,
  },
  {
    store: 'ikeja',
    product: 'Capri-Sun Orange 200ml',
    quantity: 4,
    reason: 'other',
    by: 'owner',
    note: 'Opened for a customer tasting',
    daysAgo: 18,
  },
  {
    store: 'lekki',
    product: 'Heineken 60cl',
    quantity: 6,
    reason: 'damaged',
    by: 'newhire',
    note: 'Crate dropped in the store room',
    daysAgo: 6,
    rejectedBy: { by: 'manager', reason: 'The crate arrived broken: return it to the distributor instead' },
  },
  {
    store: 'ikeja',
    product: 'Frozen Turkey Wings 1kg',
    quantity: 2,
    reason: 'spoiled',
    by: 'cashier',
    note: 'Thawed during the power cut',
    daysAgo: 2,
  },
  {
    store: 'lekki',
    product: 'Frozen Chicken Whole (approx. 1.2kg)',
    quantity: 2,
    reason: 'spoiled',
    by: 'newhire',
    note: 'Freezer 2 went off overnight',
    daysAgo: 1,
  },
];

/** Bread and produce that go off at the end of a day, and what a day's leftovers weigh. */
const perishables: { product: string; quantities: number[]; reason: WasteReason; note: string }[] = [
  { product: 'Agege Bread Loaf', quantities: [1, 2, 2, 3], reason: 'expired', note: 'Unsold bread, past its day' },
  { product: 'Butterfield Sliced Bread', quantities: [1, 1, 2], reason: 'expired', note: 'Past the date on the bag' },
  { product: 'Fresh Tomatoes (per kg)', quantities: [0.5, 0.75, 1, 1.5], reason: 'spoiled', note: 'Soft and split' },
  { product: 'Red Onions (per kg)', quantities: [0.25, 0.5, 0.75], reason: 'spoiled', note: 'Sprouting and soft' },
  { product: 'Mr. Bigg’s Meat Pie', quantities: [1, 2], reason: 'expired', note: 'Left in the warmer overnight' },
];

/**
 * The routine write-offs: in each store every five to nine days, some bread or produce, recorded at
 * closing time by the person who closes (the manager at Lekki, the owner at Ikeja). Deterministic.
 */
function routineWaste(): DemoWaste[] {
  const rng = seededRandom(0x3a57e);
  const routine: DemoWaste[] = [];
  for (const [store, by] of [
    ['lekki', 'manager'],
    ['ikeja', 'owner'],
  ] as const)
    for (let daysAgo = 88 - rng.int(0, 4); daysAgo >= 3; daysAgo -= rng.int(5, 9)) {
      const item = rng.pick(perishables);
      routine.push({
        store,
        by,
        daysAgo,
        product: item.product,
        quantity: rng.pick(item.quantities),
        reason: item.reason,
        note: item.note,
      });
    }
  return routine;
}

/**
 * The steps of the demo's waste, each at its time: recorded during the day (routine ones at closing
 * time), a rejection the next morning. A record is left out when the shelf, then or later in the
 * history, could not spare it.
 */
export async function demoWasteSteps(demo: DemoContext): Promise<DatedStep[]> {
  const { tx, businessId } = demo;
  const all = [...demoWaste, ...routineWaste()];
  const rows = await tx
    .select({ name: products.name, productId: products.id, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(
      and(eq(productVariants.businessId, businessId), inArray(products.name, [...new Set(all.map((w) => w.product))])),
    );
  const variantOf = new Map(rows.map((r) => [r.name, r.variantId]));
  const today = storeDay('Africa/Lagos', demo.now);
  const rng = seededRandom(0x3a57f);
  const steps: DatedStep[] = [];
  for (const w of all) {
    const variantId = variantOf.get(w.product);
    if (!variantId) continue;
    const storeId = demo.stores[w.store];
    const scopeOf = (who: Who) => ({ businessId, storeId, permissions: systemRolePermissions[roleOf[who]] });
    const day = addDays(today, -w.daysAgo);
    const isRoutine = !demoWaste.includes(w);
    const recordedAt = lagosAt(day, isRoutine ? 20 * 3600 + rng.int(0, 1800) : rng.int(9 * 3600, 18 * 3600));
    const record = { id: newId(), status: '' };
    steps.push({
      at: recordedAt,
      async run(shelves) {
        // Never write off what is not there, then or by the later history's sales.
        if (shelves.spare(storeId, variantId) < toThousandths(w.quantity)) return;
        const made = await recordWasteIn(
          tx,
          demo.actorFor(demo.accounts[w.by], recordedAt),
          scopeOf(w.by),
          { id: record.id, variantId, quantity: w.quantity, reason: w.reason, ...(w.note ? { note: w.note } : {}) },
          recordedAt,
        );
        record.status = made.status;
      },
    });
    const rejected = w.rejectedBy;
    if (rejected) {
      const decidedAt = lagosAt(addDays(day, 1), 9 * 3600 + rng.int(0, 3600));
      steps.push({
        at: decidedAt,
        async run() {
          if (record.status !== 'pending') return;
          await rejectWasteIn(
            tx,
            demo.actorFor(demo.accounts[rejected.by], decidedAt),
            scopeOf(rejected.by),
            record.id,
            rejected.reason,
            decidedAt,
          );
        },
      });
    }
  }
  return steps;
}
