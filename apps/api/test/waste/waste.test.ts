import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  approveWaste,
  getActiveStore,
  getWaste,
  getWastePhoto,
  listWaste,
  listWasteEvents,
  MAX_WASTE_PHOTO_BYTES,
  putWastePhoto,
  recordWaste,
  rejectWaste,
  setWasteApprovalThreshold,
  type EntityEvent,
  type WasteDetail,
} from '@ipos/contracts';
import { auditEvents, wasteRecords } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  demoIds,
  expectCrossTenantNotFound,
  registerTenant,
  snapshotDatabase,
  type CrossTenantProbe,
} from '../support/isolation.js';
import { createTestProduct, onHand, setAllowNegativeStock } from '../support/catalog.js';
import { expectLedgerHolds, fieldsOf, giveCustomRole } from '../inventory/helpers.js';
import { JPEG, movementsOf, newKey, PNG, wasteBody, wasteCaller } from './waste-support.js';

/** The default threshold: ₦5,000.00. Products below cost ₦1,000.00, so 5 units sit on it and 6 go above. */
const COST = 100_000;

describe('waste API', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let call: ReturnType<typeof wasteCaller>;

  const product = (stock: Record<string, number>, extra: { unit?: 'each' | 'kg'; isTracked?: boolean } = {}) =>
    createTestProduct(server, {
      businessId: demo.businessId,
      unit: extra.unit ?? 'each',
      isTracked: extra.isTracked ?? true,
      variants: [{ costPriceMinor: COST, sellingPriceMinor: 150_000, stock }],
    });
  /** Ikeja: the cashier is IPOS_BASIC (waste.record, no waste.approve); the owner approves. */
  const ikeja = (as: string = DEMO.cashier) => ({ as, storeId: demo.ikejaId });
  const lekki = (as: string = DEMO.manager) => ({ as, storeId: demo.lekkiId });
  const record = async (who: { as: string; storeId: string }, body: ReturnType<typeof wasteBody>, status = 201) => {
    const res = await call(recordWaste, { ...who, body });
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as WasteDetail;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = wasteCaller(server);
  });
  afterEach(() => expectLedgerHolds(server, demo.businessId));
  afterAll(() => server.close());

  it('the demo seed: recorded, pending and rejected waste in both stores, the pending one at Ikeja by the cashier', async () => {
    const lekkiList = (await call(listWaste, { ...lekki(), query: { pageSize: '100' } })).json() as {
      items: WasteDetail[];
    };
    const ikejaList = (await call(listWaste, { ...ikeja(DEMO.owner), query: { pageSize: '100' } })).json() as {
      items: WasteDetail[];
    };
    const statuses = (items: WasteDetail[]) => new Set(items.map((i) => i.status));
    expect(statuses(lekkiList.items)).toEqual(new Set(['recorded', 'pending', 'rejected']));
    expect(lekkiList.items.length + ikejaList.items.length).toBeGreaterThanOrEqual(9);
    const cashierId = await server.accountId(DEMO.cashier);
    const waiting = ikejaList.items.filter((i) => i.status === 'pending');
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting.every((i) => i.recordedBy.id === cashierId && i.valueMinor! > 500_000)).toBe(true);
    expect(ikejaList.items.some((i) => i.status === 'recorded' && i.recordedBy.id === cashierId)).toBe(true);
  });

  it('records waste at or below the threshold by IPOS_BASIC at once: valued at cost, numbered, one waste movement, audited', async () => {
    const p = await product({ [demo.ikejaId]: 10 });
    const body = wasteBody(p.variantId, 5, { reason: 'expired', note: 'Best before last week' });
    const w = await record(ikeja(), body);
    expect(w).toMatchObject({
      id: body.id,
      number: expect.stringMatching(/^IKJ-WST\d{6}$/),
      status: 'recorded',
      reason: 'expired',
      note: 'Best before last week',
      variantId: p.variantId,
      quantity: 5,
      unit: 'each',
      // The cashier does not see costs (inventory.costs); the owner does.
      unitCostMinor: null,
      valueMinor: null,
      hasPhoto: false,
      isTracked: true,
      onHand: 5,
      decidedBy: null,
      recordedBy: { id: await server.accountId(DEMO.cashier) },
    });
    expect((await call(getWaste, { ...ikeja(DEMO.owner), params: { wasteId: w.id } })).json()).toMatchObject({
      unitCostMinor: COST,
      valueMinor: 500_000,
    });
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(5);
    const moves = await movementsOf(server, demo.businessId, body.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ reason: 'waste', refType: 'waste', storeId: demo.ikejaId });
    expect(Number(moves[0]!.delta)).toBe(-5);

    const events = (await call(listWasteEvents, { ...ikeja(DEMO.owner), params: { wasteId: body.id } })).json() as {
      items: EntityEvent[];
    };
    expect(events.items.map((e) => e.action)).toEqual(['waste.recorded']);
    expect(events.items[0]!.after).toMatchObject({ status: 'recorded', valueMinor: 500_000, quantity: 5 });
  });

  it('values fractions of a kilogram exactly (rounded half away from zero)', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      unit: 'kg',
      variants: [{ costPriceMinor: 1_999, stock: { [demo.lekkiId]: 3 } }],
    });
    const w = await record(lekki(), wasteBody(p.variantId, 1.255, { reason: 'spoiled' }));
    // 1.255 × 1,999 = 2,508.745 → 2,509
    expect(w).toMatchObject({ quantity: 1.255, valueMinor: 2_509, onHand: 1.745 });
  });

  it('above the threshold without waste.approve: pending, NO movement; an approver’s approval moves the stock once', async () => {
    const p = await product({ [demo.ikejaId]: 10 });
    const body = wasteBody(p.variantId, 6);
    const w = await record(ikeja(), body);
    expect(w).toMatchObject({ status: 'pending', valueMinor: null, onHand: 10 });
    expect(await movementsOf(server, demo.businessId, body.id)).toHaveLength(0);
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(10);

    // The cashier may not approve.
    const refused = await call(approveWaste, { ...ikeja(), params: { wasteId: w.id }, body: {} });
    expect(refused.statusCode).toBe(403);

    const approved = await call(approveWaste, { ...ikeja(DEMO.owner), params: { wasteId: w.id }, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'recorded',
      onHand: 4,
      decidedBy: { id: await server.accountId(DEMO.owner) },
      decidedAt: expect.any(String),
    });
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(4);
    expect(await movementsOf(server, demo.businessId, body.id)).toHaveLength(1);

    const again = await call(approveWaste, { ...ikeja(DEMO.owner), params: { wasteId: w.id }, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WASTE_NOT_PENDING');
    expect(await movementsOf(server, demo.businessId, body.id)).toHaveLength(1);

    const events = (await call(listWasteEvents, { ...ikeja(), params: { wasteId: w.id } })).json() as {
      items: EntityEvent[];
    };
    expect(events.items.map((e) => e.action)).toEqual(['waste.recorded', 'waste.approved']);
    expect(events.items[1]!.before).toEqual({ status: 'pending' });
  });

  it('the rule follows the permission: a manager records above the threshold at once; a custom role without waste.approve waits', async () => {
    const p = await product({ [demo.lekkiId]: 20 });
    expect((await record(lekki(), wasteBody(p.variantId, 8))).status).toBe('recorded');
    await giveCustomRole(server, demo.businessId, DEMO.admin, {
      name: 'Stock clerk',
      permissions: ['waste.view', 'waste.record'],
    });
    const clerk = await record(lekki(DEMO.admin), wasteBody(p.variantId, 6));
    expect(clerk.status).toBe('pending');
    const below = await record(lekki(DEMO.admin), wasteBody(p.variantId, 5));
    expect(below.status).toBe('recorded');
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(7);
  });

  it('concurrent approvals of one record: exactly one movement, the others 409 WASTE_NOT_PENDING', async () => {
    const p = await product({ [demo.ikejaId]: 10 });
    const w = await record(ikeja(), wasteBody(p.variantId, 7));
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(approveWaste, { ...ikeja(DEMO.owner), params: { wasteId: w.id }, body: {} }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('WASTE_NOT_PENDING');
    expect(await movementsOf(server, demo.businessId, w.id)).toHaveLength(1);
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(3);
  });

  it('approval checks on hand now: 409 INSUFFICIENT_STOCK leaves it pending and writes nothing', async () => {
    const p = await product({ [demo.ikejaId]: 10 });
    const w = await record(ikeja(), wasteBody(p.variantId, 8));
    expect(w.status).toBe('pending');
    // Meanwhile most of it was written off at or below the threshold.
    await record(ikeja(), wasteBody(p.variantId, 4));
    const before = await snapshotDatabase(server);
    const res = await call(approveWaste, { ...ikeja(DEMO.owner), params: { wasteId: w.id }, body: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(fieldsOf(res)).toEqual(['quantity']);
    expect(await snapshotDatabase(server)).toEqual(before);
    const still = (await call(getWaste, { ...ikeja(), params: { wasteId: w.id } })).json() as WasteDetail;
    expect(still).toMatchObject({ status: 'pending', onHand: 6 });
  });

  it('never writes off more than on hand, even where the store allows negative stock: 409 and nothing written', async () => {
    const p = await product({ [demo.lekkiId]: 3 });
    await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, true);
    try {
      const before = await snapshotDatabase(server);
      const res = await call(recordWaste, { ...lekki(), body: wasteBody(p.variantId, 4) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
      expect(fieldsOf(res)).toEqual(['quantity']);
      // Pending waste is checked too: it could never be approved.
      const pending = await call(recordWaste, { ...ikeja(), body: wasteBody(p.variantId, 1) });
      expect(pending.statusCode).toBe(409);
      expect(await snapshotDatabase(server)).toEqual(before);
    } finally {
      await setAllowNegativeStock(server, demo.businessId, demo.lekkiId, false);
    }
    const all = await record(lekki(), wasteBody(p.variantId, 3));
    expect(all.onHand).toBe(0);
  });

  it('an untracked product is recorded without a movement', async () => {
    const p = await product({}, { isTracked: false });
    const w = await record(lekki(), wasteBody(p.variantId, 2, { reason: 'theft' }));
    expect(w).toMatchObject({ status: 'recorded', isTracked: false, valueMinor: 200_000 });
    expect(await movementsOf(server, demo.businessId, w.id)).toHaveLength(0);
  });

  it('rejection needs a reason and an approver, never moves stock, and is final', async () => {
    const p = await product({ [demo.ikejaId]: 10 });
    const w = await record(ikeja(), wasteBody(p.variantId, 9));
    const noReason = await call(rejectWaste, {
      ...ikeja(DEMO.owner),
      params: { wasteId: w.id },
      body: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(fieldsOf(noReason)).toEqual(['reason']);
    expect(
      (await call(rejectWaste, { ...ikeja(), params: { wasteId: w.id }, body: { reason: 'Mine' } })).statusCode,
    ).toBe(403);

    const rejected = await call(rejectWaste, {
      ...ikeja(DEMO.owner),
      params: { wasteId: w.id },
      body: { reason: 'Found the cartons in the back store' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      decisionNote: 'Found the cartons in the back store',
      onHand: 10,
    });
    for (const endpoint of [approveWaste, rejectWaste]) {
      const res = await call(endpoint, {
        ...ikeja(DEMO.owner),
        params: { wasteId: w.id },
        body: endpoint === rejectWaste ? { reason: 'Again' } : {},
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('WASTE_NOT_PENDING');
    }
    expect(await movementsOf(server, demo.businessId, w.id)).toHaveLength(0);
    expect(await onHand(server, demo.businessId, demo.ikejaId, p.variantId)).toBe(10);
    const actions = (
      await server.deps.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'waste'), eq(auditEvents.entityId, w.id)))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(['waste.recorded', 'waste.rejected']);
  });

  it('400 naming the field: a note for “other”, whole units, an unknown variant, the reason; 400 without an Idempotency-Key', async () => {
    const p = await product({ [demo.lekkiId]: 10 });
    const before = await snapshotDatabase(server);
    const cases: [unknown, string][] = [
      [wasteBody(p.variantId, 1, { reason: 'other' }), 'note'],
      [wasteBody(p.variantId, 1.5), 'quantity'],
      [wasteBody(p.variantId, 0), 'quantity'],
      [wasteBody('0190a0a0-0000-7000-8000-000000000000', 1), 'variantId'],
      [{ ...wasteBody(p.variantId, 1), reason: 'lost' }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await call(recordWaste, { ...lekki(), body });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const noKey = await call(recordWaste, { ...lekki(), body: wasteBody(p.variantId, 1), key: null });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('idempotent: a retry replays byte for byte; the same id under another key → 409 WASTE_EXISTS; another body → 422', async () => {
    const p = await product({ [demo.lekkiId]: 10 });
    const body = wasteBody(p.variantId, 2);
    const key = newKey();
    const first = await call(recordWaste, { ...lekki(), body, key });
    const retries = await Promise.all(Array.from({ length: 4 }, () => call(recordWaste, { ...lekki(), body, key })));
    expect(first.statusCode).toBe(201);
    for (const r of retries) {
      expect(r.statusCode).toBe(201);
      expect(r.body).toBe(first.body);
    }
    expect(await movementsOf(server, demo.businessId, body.id)).toHaveLength(1);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
    const sameId = await call(recordWaste, { ...lekki(), body });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().code).toBe('WASTE_EXISTS');
    const otherBody = await call(recordWaste, { ...lekki(), body: { ...body, quantity: 3 }, key });
    expect(otherBody.statusCode).toBe(422);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
  });

  it('photo: the recorder adds and replaces it; served back; wrong type 415, above 5 MB 413; others 403; locked after the day', async () => {
    const p = await product({ [demo.ikejaId]: 10, [demo.lekkiId]: 10 });
    const w = await record(ikeja(), wasteBody(p.variantId, 1));
    expect(w.canChangePhoto).toBe(true);
    const put = (bytes: Buffer, contentType: string, who = ikeja(), wasteId = w.id) =>
      call(putWastePhoto, { ...who, params: { wasteId }, body: bytes, contentType });

    const added = await put(PNG, 'image/png');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ hasPhoto: true });
    const got = await call(getWastePhoto, { ...ikeja(), params: { wasteId: w.id } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await put(JPEG, 'image/jpeg', ikeja(DEMO.owner))).statusCode).toBe(200);
    expect((await call(getWastePhoto, { ...ikeja(), params: { wasteId: w.id } })).rawPayload.equals(JPEG)).toBe(true);

    expect((await put(JPEG, 'image/png')).statusCode).toBe(415);
    expect((await put(Buffer.from('GIF89a-not-taken'), 'image/gif')).statusCode).toBe(415);
    const tooBig = await put(Buffer.concat([PNG, Buffer.alloc(MAX_WASTE_PHOTO_BYTES, 0)]), 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');

    // Someone else without waste.approve may not touch the recorder's photo.
    const byManager = await record(lekki(), wasteBody(p.variantId, 1));
    await giveCustomRole(server, demo.businessId, DEMO.admin, {
      name: 'Recorder',
      permissions: ['waste.view', 'waste.record'],
    });
    const other = await put(PNG, 'image/png', lekki(DEMO.admin), byManager.id);
    expect(other.statusCode).toBe(403);

    // A decided record recorded on another day is closed to photos.
    await server.deps.database.db
      .update(wasteRecords)
      .set({ recordedAt: sql`now() - interval '3 days'` })
      .where(and(eq(wasteRecords.businessId, demo.businessId), eq(wasteRecords.id, w.id)));
    const locked = await put(PNG, 'image/png');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('WASTE_PHOTO_LOCKED');
    expect(
      ((await call(getWaste, { ...ikeja(), params: { wasteId: w.id } })).json() as WasteDetail).canChangePhoto,
    ).toBe(false);
    const noPhoto = await call(getWastePhoto, { ...lekki(), params: { wasteId: byManager.id } });
    expect(noPhoto.statusCode).toBe(404);
  });

  it('lists newest first with filters and the totals of the filtered set; waitingCount whatever the filters', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      name: `Listed Sardines ${Date.now()}`,
      variants: [{ costPriceMinor: COST, stock: { [demo.ikejaId]: 30 } }],
    });
    const a = await record(ikeja(), wasteBody(p.variantId, 2, { reason: 'expired' }));
    const b = await record(ikeja(), wasteBody(p.variantId, 6, { reason: 'damaged' }));
    const c = await record(ikeja(), wasteBody(p.variantId, 3, { reason: 'damaged' }));
    const list = async (query: Record<string, string>) => {
      // The owner: the totals are values at cost, which the cashier does not see.
      const res = await call(listWaste, { ...ikeja(DEMO.owner), query: { q: p.name, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: WasteDetail[];
        total: number;
        totals: { count: number; recordedValueMinor: number; pendingValueMinor: number };
        waitingCount: number;
        thresholdMinor: number;
      };
    };
    const all = await list({});
    expect(all.items.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(all.totals).toEqual({ count: 3, recordedValueMinor: 500_000, pendingValueMinor: 600_000 });
    expect(all.thresholdMinor).toBe(500_000);
    const pending = await list({ status: 'pending' });
    expect(pending.items.map((i) => i.id)).toEqual([b.id]);
    expect(pending.waitingCount).toBeGreaterThanOrEqual(1);
    expect((await list({ reason: 'damaged' })).total).toBe(2);
    expect((await list({ pageSize: '2', page: '2' })).items.map((i) => i.id)).toEqual([a.id]);
    expect((await list({ from: '2020-01-01', to: '2020-01-31' })).total).toBe(0);
    expect((await list({ from: '2000-01-01', to: '2099-12-31' })).total).toBe(3);
    const bad = await call(listWaste, { ...ikeja(), query: { from: '2026-02-10', to: '2026-02-01' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['querystring.to']);
    // Lekki sees none of Ikeja's.
    const lekkiList = await call(listWaste, { ...lekki(), query: { q: p.name } });
    expect(lekkiList.json().total).toBe(0);
    expect((await call(getWaste, { ...lekki(), params: { wasteId: a.id } })).statusCode).toBe(404);
  });

  it('the threshold: shown on GET /stores/current, set by settings.store holders, audited; it decides what waits', async () => {
    const p = await product({ [demo.ikejaId]: 40 });
    const set = (thresholdMinor: number, as: string = DEMO.owner) =>
      call(setWasteApprovalThreshold, { as, storeId: demo.ikejaId, body: { thresholdMinor } });
    expect((await set(1_000_000, DEMO.cashier)).statusCode).toBe(403);
    const bad = await set(-1);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['thresholdMinor']);
    try {
      const res = await set(1_000_000);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ wasteApprovalThresholdMinor: 1_000_000 });
      const store = await call(getActiveStore, { as: DEMO.cashier, storeId: demo.ikejaId });
      expect(store.json()).toMatchObject({ wasteApprovalThresholdMinor: 1_000_000 });
      expect((await record(ikeja(), wasteBody(p.variantId, 10))).status).toBe('recorded');
      expect((await record(ikeja(), wasteBody(p.variantId, 11))).status).toBe('pending');
      const [audit] = await server.deps.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'store.waste_threshold_changed'), eq(auditEvents.entityId, demo.ikejaId)));
      expect(audit).toMatchObject({
        entity: 'store',
        before: { wasteApprovalThresholdMinor: 500_000 },
        after: { wasteApprovalThresholdMinor: 1_000_000 },
      });
    } finally {
      await set(500_000);
    }
    const lekkiStore = await call(getActiveStore, { as: DEMO.manager, storeId: demo.lekkiId });
    expect(lekkiStore.json()).toMatchObject({ wasteApprovalThresholdMinor: 500_000 });
  });

  it('another tenant’s waste ids answer 404 and change nothing', async () => {
    const p = await product({ [demo.lekkiId]: 10 });
    const w = await record(lekki(), wasteBody(p.variantId, 6));
    const other = await registerTenant(server);
    const as = { email: other.email };
    const probes: Omit<CrossTenantProbe, 'as'>[] = [
      { endpoint: getWaste },
      { endpoint: listWasteEvents },
      { endpoint: getWastePhoto },
      { endpoint: approveWaste, body: {}, headers: { 'idempotency-key': newKey() } },
      { endpoint: rejectWaste, body: { reason: 'Not ours' } },
      { endpoint: putWastePhoto, body: PNG, headers: { 'content-type': 'image/png' } },
    ];
    for (const probe of probes)
      await expectCrossTenantNotFound(server, {
        ...probe,
        params: { wasteId: w.id },
        as,
        storeId: other.storeId,
        mustNotReveal: [p.name],
      });
    // The other tenant cannot write off the demo's stock either (an unknown variant to them).
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/waste',
      headers: {
        authorization: `Bearer ${await other.token()}`,
        'x-store-id': other.storeId,
        'idempotency-key': newKey(),
      },
      payload: wasteBody(p.variantId, 1),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['variantId']);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(4);
  });
});
