import { count } from 'drizzle-orm';
import type { AppDeps } from '../http/context.js';
import { accounts } from '../db/schema.js';
import { hashSecret } from '../lib/secrets.js';
import { createAccount } from '../features/onboarding/onboarding.service.js';
import { addMember, createBusiness } from '../features/businesses/businesses.service.js';
import { seedDemoCategories } from '../features/catalog/categories.service.js';
import { createTaxRateIn } from '../features/taxes/taxes.service.js';

export const DEMO_PIN = '2468';

/** The demo accounts of issue 2, printed at start-up and listed in the README. */
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
    await createTaxRateIn(
      tx,
      actor,
      { businessId, storeId: null },
      { name: 'VAT', rateBasisPoints: 750, isInclusive: true, isDefault: true },
    );
  });
  return true;
}
