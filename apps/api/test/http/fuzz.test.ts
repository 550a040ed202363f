import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds, registerTenant } from '../support/isolation.js';
import { describeOperation, loadOperations, type Operation } from '../support/openapi-requests.js';
import { prepareTenant } from '../support/tenant-fixtures.js';
import { versionFor } from '../support/tenancy-matrix.js';
import { fuzzOperation, fuzzOrder, fuzzReport, type FuzzResult, type FuzzSides } from '../support/fuzz.js';

/** CI runs a fixed seed and 30 cases per operation; `node scripts/fuzz-api.mjs` runs more (FUZZ_RUNS, FUZZ_SEED). */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const RUNS = Math.max(30, Number(process.env.FUZZ_RUNS ?? 30));

/**
 * No input gives a 5xx: every operation of the served OpenAPI document, fuzzed as the owner of a
 * business made for the run (so closing its records, changing its owner's settings and signing out
 * everywhere wreck nothing else), with Demo Mart's records as the other business's ids.
 */
describe('fuzzing every operation', () => {
  let server: TestServer;
  let operations: Operation[];
  let sides: FuzzSides;

  beforeAll(async () => {
    // FUZZ_VERBOSE: the server's errors (with their stacks) on stderr, to see where a 5xx came from.
    const logStream = process.env.FUZZ_VERBOSE
      ? {
          write: (line: string) =>
            /"level":(50|60|"error"|"fatal")|"statusCode":5\d\d/.test(line) ? process.stderr.write(line) : true,
        }
      : undefined;
    server = await createTestServer({}, { logStream });
    const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
    operations = (await loadOperations(server))
      .filter((op) => !only || only.test(describeOperation(op)))
      .sort((a, b) => fuzzOrder(a) - fuzzOrder(b));
    const demo = await demoIds(server);
    const tenant = await registerTenant(server, { businessName: 'Fuzz Traders', currency: 'KSD', country: 'KE' });
    const scope = { businessId: tenant.businessId, storeId: tenant.storeId, ownerToken: await tenant.token() };
    const ids = await prepareTenant(server, scope);
    const foreign = await prepareTenant(server, {
      businessId: demo.businessId,
      storeId: demo.lekkiId,
      ownerToken: await server.tokenFor(DEMO.owner),
    });
    const side = { ...scope, token: scope.ownerToken, ids };
    // One token a minute: minting one per request would cost as much as the request.
    let token = { value: '', at: 0 };
    sides = {
      token: async () => {
        if (Date.now() - token.at > 60_000) token = { value: await tenant.token(), at: Date.now() };
        return token.value;
      },
      accountId: tenant.accountId,
      storeId: tenant.storeId,
      ids,
      foreign,
      versionOf: (op, params) => versionFor(server, op, params, side),
    };
  }, 120_000);
  afterAll(() => server?.close());

  it(
    `answers no operation with a 5xx (seed ${SEED}, ${RUNS} cases each)`,
    async () => {
      const results: FuzzResult[] = [];
      for (const op of operations) {
        const result = await fuzzOperation(server, op, sides, RUNS, SEED);
        results.push(result);
        if (process.env.FUZZ_VERBOSE) process.stderr.write(`${fuzzReport([result], SEED, RUNS).split('\n').at(-1)}\n`);
      }
      const report = fuzzReport(results, SEED, RUNS);
      console.log(report);
      if (process.env.FUZZ_REPORT_FILE) {
        const failures = results.flatMap((r) => r.failures);
        fs.writeFileSync(process.env.FUZZ_REPORT_FILE, [report, ...failures].join('\n'));
      }

      expect(results.flatMap((r) => r.failures)).toEqual([]);
      const sent = (r: FuzzResult) => Object.values(r.statuses).reduce((a, b) => a + b, 0);
      expect(results.filter((r) => sent(r) !== RUNS).map((r) => r.operation)).toEqual([]);
      // Requests that only met a refusal at the door prove nothing: every operation reached its
      // handler (signing out everywhere once: it ends the session the rest of its cases use), and
      // most answered a 2xx too.
      const neverReached = results.filter((r) => !r.stages.handler).map((r) => r.operation);
      expect(neverReached).toEqual([]);
      const with2xx = results.filter((r) => Object.keys(r.statuses).some((s) => s.startsWith('2')));
      expect(with2xx.length).toBeGreaterThan(operations.length * 0.7);
    },
    // 5,730 requests: under three minutes even on a busy 2-core machine; the bound leaves room.
    RUNS * 20_000,
  );
});
