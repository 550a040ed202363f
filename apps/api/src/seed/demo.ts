import type { DemoContext } from './demo-context.js';
import { demoPurchaseOrderSteps } from './demo-purchase-orders.js';
import { demoWasteSteps } from './demo-waste.js';
import { demoTransferSteps } from './demo-transfers.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { assignDemoPreferredVendors } from './demo-vendors.js';
import { and, count, eq } from 'drizzle-orm';
import { toThousandths, type CreateProductInput } from '@ipos/contracts';
import type { Actor, AppDeps } from '../http/context.js';
import type { Executor } from '../db/client.js';
import { accounts, businesses, categories, productVariants, stores } from '../db/schema.js';
import { findSaleVariants } from '../features/checkout/sales.repository.js';
import {
  buildDemoHistory,
  HISTORY_DAYS,
  seedDemoContacts,
  writeDemoHistory,
  recordOpeningStock,
  type DatedStep,
  type DemoContacts,
  type DemoHistory,
  type HistoryStore,
  type OpeningStock,
} from './demo-history.js';
import { createProductIn } from '../features/catalog/products.service.js';
import { demoBarcodeOf, demoProducts, demoSkuOf } from './demo-products.js';
import { hashSecret } from '../lib/secrets.js';
import { createAccount } from '../features/accounts/accounts.service.js';
import { addMember, createBusiness } from '../features/businesses/businesses.service.js';
import { seedDemoCategories } from '../features/catalog/categories.service.js';
import { createTaxRateIn } from '../features/taxes/taxes.service.js';

export const DEMO_PIN = '2468';

/** The demo accounts, printed at start-up and listed in the README. */
export const demoAccounts = [
  {
    email: 'owner@demo.ipos.test',
    password: 'DemoOwner#2026',
    name: 'Ada Owner',
    role: 'owner of Demo Mart (admin mode)',
  },
  { email: 'admin@demo.ipos.test', password: 'DemoAdmin#2026', name: 'Bola Admin', role: 'IPOS_ADMIN at Lekki' },
  {
    email: 'manager@demo.ipos.test',
    password: 'DemoManager#2026',
    name: 'Chidi Manager',
    role: 'IPOS_MANAGER_USER at Lekki',
  },
  { email: 'cashier@demo.ipos.test', password: 'DemoCashier#2026', name: 'Dayo Cashier', role: 'IPOS_BASIC at Ikeja' },
  {
    email: 'newhire@demo.ipos.test',
    password: 'Welcome#2026',
    name: 'Efe Newhire',
    role: 'IPOS_BASIC at Lekki; must replace this password; no PIN yet',
  },
] as const;

export async function isDatabaseEmpty(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  const [row] = await deps.database.db.select({ n: count() }).from(accounts);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds "Demo Mart" (NGN, Nigeria) with stores Lekki (LEK) and Ikeja (IKJ) and the demo accounts.
 * Acts only on an empty database, in one transaction, so a crash mid-seed leaves nothing half-made.
 */
export async function seedDemo(deps: AppDeps): Promise<boolean> {
  if (!(await isDatabaseEmpty(deps))) return false;
  const [pinHash, ...passwordHashes] = await Promise.all([
    hashSecret(DEMO_PIN),
    ...demoAccounts.map((a) => hashSecret(a.password)),
  ]);
  const actor = { accountId: null, requestId: 'seed-demo', ip: '127.0.0.1' };
  await deps.database.db.transaction(async (tx) => {
    const ids: Record<string, string> = {};
    for (const [i, a] of demoAccounts.entries()) {
      const isNewHire = a.email.startsWith('newhire');
      ids[a.email.split('@')[0]!] = await createAccount(deps, tx, {
        email: a.email,
        name: a.name,
        passwordHash: passwordHashes[i]!,
        mustChangePassword: isNewHire,
        pinHash: isNewHire ? null : pinHash!,
      });
    }
    const { businessId, storeIds, roleIds } = await createBusiness(tx, actor, {
      ownerAccountId: ids.owner!,
      name: 'Demo Mart',
      country: 'NG',
      currency: 'NGN',
      // Two stores, five people and about two hundred products: the Growth plan holds them with room.
      plan: 'growth',
      stores: [
        { name: 'Lekki', alias: 'LEK', timeZone: 'Africa/Lagos', address: 'Admiralty Way, Lekki Phase 1, Lagos' },
        { name: 'Ikeja', alias: 'IKJ', timeZone: 'Africa/Lagos', address: 'Obafemi Awolowo Way, Ikeja, Lagos' },
      ],
    });
    const [lekki, ikeja] = storeIds as [string, string];
    const member = (account: string, storeId: string, role: 'IPOS_ADMIN' | 'IPOS_MANAGER_USER' | 'IPOS_BASIC') =>
      addMember(tx, actor, { businessId, storeId, accountId: ids[account]!, roleId: roleIds[role], roleName: role });
    await member('admin', lekki, 'IPOS_ADMIN');
    await member('manager', lekki, 'IPOS_MANAGER_USER');
    await member('cashier', ikeja, 'IPOS_BASIC');
    await member('newhire', lekki, 'IPOS_BASIC');
    await seedDemoCategories(tx, actor, businessId);
    // VAT at 7.5% (Nigeria, Finance Act 2019), the business default. Inclusive: Demo Mart is a retail
    // supermarket, whose shelf prices already include VAT (VAT on top of the price is the B2B habit), so
    // the price on a product is what the customer pays and the register shows the VAT inside it.
    const vat = await createTaxRateIn(
      tx,
      actor,
      { businessId, storeId: null },
      { name: 'VAT', rateBasisPoints: 750, isInclusive: true, isDefault: true },
    );
    await tx
      .update(businesses)
      .set({
        taxId: 'TIN 12345678-0001',
        phone: '+234 1 270 0000',
        email: 'hello@demomart.example.ng',
        receiptFooter:
          'Goods sold in good condition may be returned within 7 days with this receipt. Thank you for shopping at Demo Mart!',
      })
      .where(eq(businesses.id, businessId));
    for (const [storeId, displayName, phone] of [
      [lekki, 'Demo Mart Lekki', '+234 803 100 2001'],
      [ikeja, 'Demo Mart Ikeja', '+234 803 100 2002'],
    ] as const)
      await tx
        .update(stores)
        .set({ displayName, phone })
        .where(and(eq(stores.businessId, businessId), eq(stores.id, storeId)));
    const stock = await seedDemoProducts(tx, actor, { businessId, lekkiId: lekki, ikejaId: ikeja, vatId: vat.id });
    const demoWith = (contacts: DemoContacts): DemoContext => ({
      tx,
      businessId,
      now: deps.now(),
      stores: { lekki, ikeja },
      accounts: {
        owner: ids.owner!,
        admin: ids.admin!,
        manager: ids.manager!,
        cashier: ids.cashier!,
        newhire: ids.newhire!,
      },
      customers: contacts.customers,
      vendors: contacts.vendors,
      actorFor: (accountId, at) => ({ ...actor, accountId, ...(at ? { at } : {}) }),
    });
    // The purchasing, waste and transfers of the ninety days, each step at its time among the sales.
    const dated = async (contacts: DemoContacts) => {
      await assignDemoPreferredVendors(tx, businessId, contacts.vendors);
      const demo = demoWith(contacts);
      return [
        ...(await demoPurchaseOrderSteps(demo)),
        ...(await demoWasteSteps(demo)),
        ...(await demoTransferSteps(demo)),
      ];
    };
    const contactsMade = await seedDemoHistory(tx, actor, {
      businessId,
      now: deps.now(),
      withSales: deps.config.seedDemoHistory,
      stock,
      stores: [
        // Lekki: the manager and the admin take turns at the till and may discount.
        {
          id: lekki,
          alias: 'LEK',
          openers: [ids.manager!, ids.admin!],
          cashiers: [ids.manager!, ids.admin!],
          canDiscount: true,
          baseSalesPerDay: 36,
        },
        // Ikeja: the owner opens and closes; Dayo (IPOS_BASIC) sells, without discounts.
        {
          id: ikeja,
          alias: 'IKJ',
          openers: [ids.owner!],
          cashiers: [ids.cashier!],
          canDiscount: false,
          baseSalesPerDay: 29,
        },
      ],
      dated,
    });
    await seedDemoInvoices(demoWith(contactsMade));
  });
  return true;
}

const kobo = (naira: number) => Math.round(naira * 100);

/**
 * Demo Mart's catalogue (demo-products.ts), created the way the product form creates products
 * (`createProductIn`). Returns each store's intended on-hand per tracked variant (what the shelves
 * hold today); seedDemoHistory records the opening stock that, less ninety days of sales, leaves it.
 */
export async function seedDemoProducts(
  tx: Executor,
  actor: Actor,
  ids: { businessId: string; lekkiId: string; ikejaId: string; vatId: string },
) {
  const { businessId, lekkiId, ikejaId } = ids;
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.businessId, businessId));
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));
  // Opening stock per product (one quantity per size), per store: recorded below as one opening
  // adjustment per store, as a shop taking on iPos would.
  const quantities = new Map<string, { lekki: number; ikeja: number }[]>();
  let item = 0;
  for (const product of demoProducts) {
    const sizes = product.sizes ?? [
      { size: null, price: product.price, cost: product.cost, lekki: product.lekki, ikeja: product.ikeja },
    ];
    const reorder = product.reorder;
    const input: CreateProductInput = {
      name: product.name,
      categoryId: categoryIds.get(product.category) ?? null,
      unit: product.unit,
      taxRateId: product.vat ? ids.vatId : null,
      isTracked: product.tracked,
      options: product.sizes ? [{ name: 'Size', values: product.sizes.map((s) => s.size) }] : [],
      variants: sizes.map((size) => {
        item += 1;
        const storeSettings = [lekkiId, ikejaId].map((storeId) => ({
          storeId,
          sellingPriceMinor: storeId === ikejaId && product.ikejaPrice ? kobo(product.ikejaPrice) : null,
          reorderLevel: product.tracked ? reorder : null,
          reorderQuantity: product.tracked && reorder !== null ? reorder * 3 : null,
        }));
        return {
          sku: demoSkuOf(product.category, item),
          optionValues: size.size ? [size.size] : [],
          barcodes: product.tracked ? [demoBarcodeOf(item)] : [],
          costPriceMinor: kobo(size.cost),
          sellingPriceMinor: kobo(size.price),
          storeSettings: product.tracked || product.ikejaPrice ? storeSettings : [],
        };
      }),
    };
    const productId = await createProductIn(tx, actor, { businessId, storeId: lekkiId }, input);
    if (product.tracked) quantities.set(productId, sizes);
  }
  // Every variant in one query (variant position = size index): the quantity each store should
  // have on its shelves today, in thousandths (the opening stock adds what the history sells).
  const variants = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, position: productVariants.position })
    .from(productVariants)
    .where(eq(productVariants.businessId, businessId));
  const stock = new Map<string, Map<string, { productId: string; thousandths: number }>>();
  for (const [storeId, store] of [
    [lekkiId, 'lekki'],
    [ikejaId, 'ikeja'],
  ] as const) {
    const perVariant = new Map<string, { productId: string; thousandths: number }>();
    for (const v of variants) {
      const quantity = quantities.get(v.productId)?.[v.position]?.[store];
      if (quantity !== undefined)
        perVariant.set(v.id, { productId: v.productId, thousandths: toThousandths(quantity) });
    }
    stock.set(storeId, perVariant);
  }
  return stock;
}

/**
 * Ninety days of trading (demo-history.ts), and before it each store's stock as one opening-stock
 * adjustment, as a shop taking on iPos would record it: real ledger movements, dated the evening
 * before the first day and large enough that, after everything the history sells, voids and
 * restocks, the shelves hold the catalogue's quantities (its low and out-of-stock lines included).
 */
async function seedDemoHistory(
  tx: Executor,
  actor: Actor,
  input: {
    businessId: string;
    now: Date;
    stock: Map<string, Map<string, { productId: string; thousandths: number }>>;
    stores: Omit<HistoryStore, 'variants'>[];
    /** False: the contacts and today's shelves only, without the 90 days of sales (SEED_DEMO_HISTORY). */
    withSales: boolean;
    /** The purchasing, waste and transfers of the period, run at their times among the history's movements. */
    dated: (contacts: DemoContacts) => Promise<DatedStep[]>;
  },
) {
  const { businessId } = input;
  // The customers and vendors were on file before the first day of trading.
  const firstDay = new Date(input.now.getTime() - (HISTORY_DAYS + 2) * 86_400_000);
  const contactsMade = await seedDemoContacts(tx, businessId, input.stores[0]!.openers[0]!, firstDay);
  if (!input.withSales) {
    // Today's shelves only: the opening stock as the catalogue has it, written like the history's.
    const opening: OpeningStock[] = [];
    for (const store of input.stores) {
      const lines = [...(input.stock.get(store.id) ?? new Map())].flatMap(([variantId, { productId, thousandths }]) =>
        thousandths > 0 ? [{ productId, variantId, thousandths }] : [],
      );
      opening.push(await recordOpeningStock(tx, actor, { businessId, storeId: store.id }, lines, firstDay));
    }
    const none: DemoHistory = {
      openingAt: firstDay,
      sessions: [],
      sales: [],
      lines: [],
      payments: [],
      refunds: [],
      refundLines: [],
      events: [],
      counters: [],
      netOut: new Map(),
    };
    await writeDemoHistory(tx, actor, businessId, none, opening, await input.dated(contactsMade));
    return contactsMade;
  }
  const variantIds = (
    await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.businessId, businessId), eq(productVariants.isArchived, false)))
  ).map((r) => r.id);
  const stores: HistoryStore[] = [];
  for (const store of input.stores) {
    // Priced for the store exactly as POST /sales prices a line (its price, the product's tax, the cost).
    const priced = await findSaleVariants(tx, { businessId, storeId: store.id }, variantIds);
    // A fixed order (by SKU), so the same catalogue gives the same history.
    const variants = [...priced.values()].sort((a, b) => a.sku.localeCompare(b.sku));
    stores.push({ ...store, variants });
  }
  const history = buildDemoHistory({ businessId, now: input.now, stores, customers: contactsMade.customers });
  const opening: OpeningStock[] = [];
  for (const store of input.stores) {
    const intended = input.stock.get(store.id) ?? new Map();
    const out = history.netOut.get(store.id) ?? new Map<string, number>();
    const lines = [...intended].flatMap(([variantId, { productId, thousandths }]) => {
      const q = thousandths + (out.get(variantId) ?? 0);
      return q > 0 ? [{ productId, variantId, thousandths: q }] : [];
    });
    opening.push(await recordOpeningStock(tx, actor, { businessId, storeId: store.id }, lines, history.openingAt));
  }
  await writeDemoHistory(tx, actor, businessId, history, opening, await input.dated(contactsMade));
  return contactsMade;
}
