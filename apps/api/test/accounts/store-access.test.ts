import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { findStoreAccess, listStoreAccess } from '../../src/auth/access.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { registerTenant } from '../support/isolation.js';

/**
 * Every request reads the caller's access to one store with one targeted statement; the account's
 * whole list (`/me`, staff screens) is built another way. The two must agree for every account and
 * store: owners, members, strangers, and a person deactivated in a business.
 */
describe('access to one store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    // A second business, so some accounts are strangers to some stores.
    await registerTenant(server, { businessName: 'Access Check Traders', currency: 'NGN', country: 'NG' });
  });
  afterAll(() => server?.close());

  const agree = async () => {
    const db = server.deps.database.db;
    const accounts = await queryRows<{ id: string }>(db, sql`select id from accounts order by id`);
    const stores = await queryRows<{ id: string }>(db, sql`select id from stores order by id`);
    let granted = 0;
    for (const { id: accountId } of accounts) {
      const all = await listStoreAccess(db, accountId);
      for (const { id: storeId } of stores) {
        const one = await findStoreAccess(db, accountId, storeId);
        expect(one, `${accountId} in ${storeId}`).toEqual(all.find((a) => a.storeId === storeId));
        if (one) granted++;
      }
    }
    return granted;
  };

  it('agrees with the account’s whole list, before and after a deactivation', async () => {
    const before = await agree();
    expect(before).toBeGreaterThan(5);
    const cashier = await server.accountId(DEMO.cashier);
    await server.deps.database.db.execute(
      sql`update staff_members set deactivated_at = now() where account_id = ${cashier}`,
    );
    const after = await agree();
    expect(after).toBeLessThan(before);
  });
});
