import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant } from '../support/isolation.js';
import { loadOperations, type Operation } from '../support/openapi-requests.js';
import { prepareTenant, tenantDigest, tenantIdSet, tenantNames } from '../support/tenant-fixtures.js';
import {
  failuresOf,
  mailIds,
  mailNaming,
  runTenancyMatrix,
  summarize,
  tenantOperations,
  type MatrixCase,
  type Side,
  type Victim,
} from '../support/tenancy-matrix.js';

/** The other way round, the two cases every route has: the other business's ids in the path, its store in the header. */
const REVERSE_CASES: MatrixCase[] = ['path', 'store'];

async function victimOf(server: TestServer, side: Side): Promise<Victim> {
  return {
    ...side,
    names: await tenantNames(server, side.businessId),
    allIds: await tenantIdSet(server, side.businessId),
  };
}

/**
 * The tenancy matrix over one group of routes (the routes come from the served OpenAPI document at
 * run time, so a new route joins its group by its tag): a new business (Arusha Traders, its owner's
 * token) against Demo Mart, then Demo Mart's owner against Arusha Traders. The rules of each answer
 * are in support/tenancy-matrix.ts; here, afterwards, every row of the victim is as it was and no
 * mail written meanwhile names it.
 */
export function tenancyMatrixSuite(
  group: string,
  inGroup: (op: Operation) => boolean,
  options: { selfCheck?: boolean } = {},
) {
  describe(`tenancy matrix (${group})`, () => {
    let server: TestServer;
    let operations: Operation[];
    let arusha: Side;
    let demoMart: Side;

    beforeAll(async () => {
      server = await createTestServer();
      operations = tenantOperations(await loadOperations(server)).filter(inGroup);
      const demo = await demoIds(server);
      const tenant = await registerTenant(server, { businessName: 'Arusha Traders', currency: 'TZS', country: 'TZ' });
      const arushaScope = { businessId: tenant.businessId, storeId: tenant.storeId, ownerToken: await tenant.token() };
      const demoScope = {
        businessId: demo.businessId,
        storeId: demo.lekkiId,
        ownerToken: await server.tokenFor(DEMO.owner),
      };
      arusha = { ...arushaScope, token: arushaScope.ownerToken, ids: await prepareTenant(server, arushaScope) };
      demoMart = { ...demoScope, token: demoScope.ownerToken, ids: await prepareTenant(server, demoScope) };
    }, 120_000);
    afterAll(() => server?.close());

    it('another business reaches nothing of Demo Mart: ids in the path, query, body and X-Store-Id', async () => {
      const victim = await victimOf(server, demoMart);
      const before = await tenantDigest(server, victim.businessId);
      const mailBefore = await mailIds(server);
      const rows = await runTenancyMatrix(server, operations, arusha, victim);
      console.log(summarize(`tenancy matrix (${group})`, operations, rows));
      expect(failuresOf(rows)).toEqual([]);
      expect(rows.length).toBeGreaterThan(operations.length);
      expect(await tenantDigest(server, victim.businessId)).toEqual(before);
      expect(await mailNaming(server, mailBefore, [...victim.names, ...victim.allIds])).toEqual([]);
    }, 180_000);

    if (options.selfCheck)
      it('the matrix itself: a route answering with the victim’s record fails it', async () => {
        // Demo Mart against itself: its own product and sale are found, which is what a leak looks like.
        const victim = await victimOf(server, demoMart);
        const reads = operations.filter(
          (op) => op.method === 'GET' && ['/api/v1/products/:productId', '/api/v1/sales/:saleId'].includes(op.path),
        );
        const rows = await runTenancyMatrix(server, reads, demoMart, victim, ['path', 'store']);
        expect(reads).toHaveLength(2);
        expect(failuresOf(rows)).toEqual([
          expect.stringMatching(/^GET \/api\/v1\/products\/:productId \[path\] revealed the victim's/),
          expect.stringMatching(/^GET \/api\/v1\/products\/:productId \[store\] revealed the victim's/),
          expect.stringMatching(/^GET \/api\/v1\/sales\/:saleId \[path\] revealed the victim's/),
          expect.stringMatching(/^GET \/api\/v1\/sales\/:saleId \[store\] revealed the victim's/),
        ]);
      });

    it('and the other way round: Demo Mart’s owner reaches nothing of the new business', async () => {
      const victim = await victimOf(server, arusha);
      const before = await tenantDigest(server, victim.businessId);
      const rows = await runTenancyMatrix(server, operations, demoMart, victim, REVERSE_CASES);
      console.log(summarize(`tenancy matrix, reversed (${group})`, operations, rows, REVERSE_CASES));
      expect(failuresOf(rows)).toEqual([]);
      expect(await tenantDigest(server, victim.businessId)).toEqual(before);
    }, 180_000);
  });
}

/** The first group: what is sold and stocked (catalogue, stock, checkout, sales, taxes, contacts). */
export const SELLING_TAGS = ['catalog', 'inventory', 'checkout', 'transactions', 'taxes', 'contacts'];
export const isSellingRoute = (op: Operation) => op.endpoint.tags.some((t) => SELLING_TAGS.includes(t));
