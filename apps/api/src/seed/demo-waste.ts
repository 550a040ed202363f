import { and, eq, inArray } from 'drizzle-orm';
import { systemRolePermissions, toThousandths, type SystemRoleName, type WasteReason } from '@ipos/contracts';
import { productVariants, products } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { onHandOf } from '../features/inventory/stock-ledger.js';
import { recordWasteIn, rejectWasteIn } from '../features/waste/waste.service.js';
import type { DemoContext } from './demo-context.js';

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
  /** Rejected afterwards by this person, with this reason (a pending record). */
  rejectedBy?: { by: Who; reason: string };
}

/**
 * What a week of writing off looks like at Demo Mart: expired dairy, dented tins, spoiled produce, a
 * theft, all recorded; a freezer failure at Lekki and spoiled turkey at Ikeja, both recorded by
 * IPOS_BASIC staff above the ₦5,000 threshold, waiting for a manager; and one rejected claim. Every
 * record goes through `recordWasteIn` under the role of the person, so the threshold rule decides
 * which wait.
 */
const demoWaste: DemoWaste[] = [
  {
    store: 'lekki',
    product: 'Hollandia Yoghurt Strawberry 1L',
    quantity: 3,
    reason: 'expired',
    by: 'manager',
    note: 'Past the best-before date on the chiller shelf',
  },
  {
    store: 'lekki',
    product: 'Peak Milk Evaporated Tin 160g',
    quantity: 6,
    reason: 'damaged',
    by: 'admin',
    note: 'Dented and leaking tins from the bottom of the stack',
  },
  { store: 'lekki', product: 'Fresh Tomatoes (per kg)', quantity: 2.5, reason: 'spoiled', by: 'manager' },
  {
    store: 'lekki',
    product: 'Agege Bread Loaf',
    quantity: 4,
    reason: 'expired',
    by: 'newhire',
    note: 'Yesterday’s bread, mouldy',
  },
  {
    store: 'lekki',
    product: 'Star Lager 60cl',
    quantity: 2,
    reason: 'theft',
    by: 'manager',
    note: 'Missing from the cooler at closing count',
  },
  {
    store: 'lekki',
    product: 'Frozen Chicken Whole (approx. 1.2kg)',
    quantity: 2,
    reason: 'spoiled',
    by: 'newhire',
    note: 'Freezer 2 went off overnight',
  },
  {
    store: 'lekki',
    product: 'Heineken 60cl',
    quantity: 6,
    reason: 'damaged',
    by: 'newhire',
    note: 'Crate dropped in the store room',
    rejectedBy: { by: 'manager', reason: 'The crate arrived broken: return it to the distributor instead' },
  },
  {
    store: 'ikeja',
    product: 'Frozen Turkey Wings 1kg',
    quantity: 2,
    reason: 'spoiled',
    by: 'cashier',
    note: 'Thawed during the power cut',
  },
  { store: 'ikeja', product: 'Indomie Chicken 70g', quantity: 5, reason: 'damaged', by: 'cashier', note: 'Torn packs' },
  { store: 'ikeja', product: 'Red Onions (per kg)', quantity: 1.75, reason: 'spoiled', by: 'owner' },
  {
    store: 'ikeja',
    product: 'Capri-Sun Orange 200ml',
    quantity: 4,
    reason: 'other',
    by: 'owner',
    note: 'Opened for a customer tasting',
  },
];

export async function seedDemoWaste(demo: DemoContext): Promise<void> {
  const { tx, businessId } = demo;
  const rows = await tx
    .select({ name: products.name, productId: products.id, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .where(
      and(
        eq(productVariants.businessId, businessId),
        inArray(
          products.name,
          demoWaste.map((w) => w.product),
        ),
      ),
    );
  const variantOf = new Map(rows.map((r) => [r.name, r.variantId]));
  for (const w of demoWaste) {
    const variantId = variantOf.get(w.product);
    if (!variantId) continue;
    const storeId = demo.stores[w.store];
    const scope = { businessId, storeId, permissions: systemRolePermissions[roleOf[w.by]] };
    // Earlier seeds (purchase orders) may have moved stock: never write off what is not there.
    const onHand = (await onHandOf(tx, scope, [variantId])).get(variantId) ?? 0;
    if (onHand < toThousandths(w.quantity)) continue;
    const record = await recordWasteIn(
      tx,
      demo.actorFor(demo.accounts[w.by]),
      scope,
      { id: newId(), variantId, quantity: w.quantity, reason: w.reason, ...(w.note ? { note: w.note } : {}) },
      demo.now,
    );
    if (w.rejectedBy && record.status === 'pending')
      await rejectWasteIn(
        tx,
        demo.actorFor(demo.accounts[w.rejectedBy.by]),
        { businessId, storeId, permissions: systemRolePermissions[roleOf[w.rejectedBy.by]] },
        record.id,
        w.rejectedBy.reason,
        demo.now,
      );
  }
}
