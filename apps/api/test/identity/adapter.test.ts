import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { oidcPayloads } from '../../src/db/schema.js';
import { DatabaseAdapter } from '../../src/identity/adapter.js';
import { createTestServer, type TestServer } from '../support/server.js';

describe('the provider storage adapter (oidc_payloads)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());
  const adapter = (model: string) => new DatabaseAdapter(model, server.deps.database.db);

  it('stores, replaces and finds a payload per model', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { kind: 'AuthorizationCode', grantId: 'g1', accountId: 'a' }, 60);
    expect(await codes.find('c1')).toMatchObject({ kind: 'AuthorizationCode', grantId: 'g1' });
    expect(await adapter('AccessToken').find('c1')).toBeUndefined();
    await codes.upsert('c1', { kind: 'AuthorizationCode', grantId: 'g1', accountId: 'b' }, 60);
    expect((await codes.find('c1'))?.accountId).toBe('b');
  });

  it('honours expiresIn: an expired payload is not found', async () => {
    const interactions = adapter('Interaction');
    await interactions.upsert('i1', { kind: 'Interaction' }, 0);
    expect(await interactions.find('i1')).toBeUndefined();
    await interactions.upsert('i2', { kind: 'Interaction' }, 3600);
    const [row] = await server.deps.database.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Interaction'), eq(oidcPayloads.id, 'i2')));
    const seconds = (row!.expiresAt!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(3590);
    expect(seconds).toBeLessThanOrEqual(3600);
  });

  it('marks a payload consumed, which the provider reads as `consumed`', async () => {
    const tokens = adapter('RefreshToken');
    await tokens.upsert('r1', { kind: 'RefreshToken', grantId: 'g2' }, 60);
    expect((await tokens.find('r1'))?.consumed).toBeUndefined();
    await tokens.consume('r1');
    expect(typeof (await tokens.find('r1'))?.consumed).toBe('number');
  });

  it('finds sessions by uid and device codes by user code', async () => {
    await adapter('Session').upsert('s1', { kind: 'Session', uid: 'uid-1', accountId: 'a' }, 60);
    expect((await adapter('Session').findByUid('uid-1'))?.accountId).toBe('a');
    expect(await adapter('Session').findByUid('uid-2')).toBeUndefined();
    await adapter('DeviceCode').upsert('d1', { kind: 'DeviceCode', userCode: 'ABCD-EFGH' }, 60);
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ kind: 'DeviceCode' });
  });

  it("revokes one model's payloads of a grant, and destroys by id", async () => {
    await adapter('AccessToken').upsert('t1', { kind: 'AccessToken', grantId: 'g3' }, 60);
    await adapter('AccessToken').upsert('t2', { kind: 'AccessToken', grantId: 'g4' }, 60);
    await adapter('RefreshToken').upsert('t3', { kind: 'RefreshToken', grantId: 'g3' }, 60);
    await adapter('AccessToken').revokeByGrantId('g3');
    expect(await adapter('AccessToken').find('t1')).toBeUndefined();
    expect(await adapter('AccessToken').find('t2')).toBeDefined();
    expect(await adapter('RefreshToken').find('t3')).toBeDefined();
    await adapter('AccessToken').destroy('t2');
    expect(await adapter('AccessToken').find('t2')).toBeUndefined();
  });
});
