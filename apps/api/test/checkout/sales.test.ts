import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createSale, getSale, IDEMPOTENCY_HEADER, type Sale } from '@ipos/contracts';
import { auditEvents, idempotencyKeys, saleLines, salePayments, stockMovements } from '../../src/db/schema.js';
import { purgeExpiredIdempotencyKeys } from '../../src/http/idempotency.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import {
  demoIds,
  expectCrossTenantNotFound,
  registerTenant,
  snapshotDatabase,
  type Tenant,
} from '../support/isolation.js';
import { createTestProduct, onHand, type TestProduct } from '../support/catalog.js';
import { caller, expectLedgerHolds, fieldsOf } from '../inventory/helpers.js';
import {
  createTestTaxRate,
  newKey,
  openTestSession,
  saleBody,
  seller,
  setProductTaxRate,
  setStorePrice,
} from './checkout-support.js';

describe('sales API', () => {
  let server: TestServer;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  let other: Tenant;
  let otherProduct: TestProduct;
  let otherSessionId: string;
  let otherSale: Sale;
  let lekkiSession: string;
  let ikejaSession: string;
  let managerToken: string;
  let cashierToken: string;
  let sell: ReturnType<typeof seller>;
  let call: ReturnType<typeof caller>;

  const lekki = () => ({ businessId: demo.businessId, storeId: demo.lekkiId });

  /** A plain product in Lekki: 80,000 minor each, untaxed, 10 in stock. */
  const plainProduct = (stock = 10, price = 80_000) =>
    createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: price, costPriceMinor: 50_000, stock: { [demo.lekkiId]: stock } }],
    });

  const auditCount = async (entityId: string) => {
    const rows = await server.deps.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'sale'), eq(auditEvents.entityId, entityId)));
    return rows.length;
  };

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, DEMO.manager);
    sell = seller(server);
    managerToken = await server.tokenFor(DEMO.manager);
    cashierToken = await server.tokenFor(DEMO.cashier);
    lekkiSession = await openTestSession(server, lekki());
    ikejaSession = await openTestSession(server, { businessId: demo.businessId, storeId: demo.ikejaId });

    other = await registerTenant(server);
    otherProduct = await createTestProduct(server, {
      businessId: other.businessId,
      name: 'Other Secret Soap',
      variants: [{ sellingPriceMinor: 5_000, stock: { [other.storeId]: 5 } }],
    });
    otherSessionId = await openTestSession(server, { businessId: other.businessId, storeId: other.storeId });
    const res = await sell({
      token: await other.token(),
      storeId: other.storeId,
      body: saleBody(otherSessionId, [{ variantId: otherProduct.variantId, quantity: 1 }], 5_000),
    });
    expect(res.statusCode, res.body).toBe(201);
    otherSale = res.json() as Sale;
  });
  afterEach(async () => {
    await expectLedgerHolds(server, demo.businessId);
    await expectLedgerHolds(server, other.businessId);
  });
  afterAll(() => server.close());

  it('completes a sale: server figures with inclusive and exclusive tax, split payments, stock, number, rows, one audit event', async () => {
    const inclusive = await createTestTaxRate(server, demo.businessId, 750, true);
    const exclusive = await createTestTaxRate(server, demo.businessId, 1600, false);
    const soap = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Soap',
      variants: [{ sellingPriceMinor: 99_999, costPriceMinor: 60_000, stock: { [demo.lekkiId]: 10 } }],
    });
    const radio = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Radio',
      options: [{ name: 'Colour', values: ['Red'] }],
      variants: [
        { optionValues: ['Red'], sellingPriceMinor: 50_000, costPriceMinor: 30_000, stock: { [demo.lekkiId]: 5 } },
      ],
    });
    const rice = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Rice',
      unit: 'kg',
      variants: [{ sellingPriceMinor: 250_000, costPriceMinor: 100_000, stock: { [demo.lekkiId]: 20 } }],
    });
    await setProductTaxRate(server, demo.businessId, soap.id, inclusive);
    await setProductTaxRate(server, demo.businessId, radio.id, exclusive);
    // The store's own price of the radio wins over the variant's.
    await setStorePrice(server, lekki(), radio.variantId, 12_345);

    // Soap: 3 × 99,999 = 299,997 incl. 7.5%: tax 299,997 × 750 / 10,750 = 20,930.02 → 20,930.
    // Radio: 2 × 12,345 = 24,690 excl. 16%: tax 3,950.4 → 3,950; total 28,640.
    // Rice: 1.255 kg × 250,000 = 313,750, untaxed.
    const total = 299_997 + 28_640 + 313_750;
    const body = saleBody(
      lekkiSession,
      [
        { variantId: soap.variantId, quantity: 3 },
        { variantId: radio.variantId, quantity: 2 },
        { variantId: rice.variantId, quantity: 1.255 },
      ],
      total,
      {
        payments: [
          { method: 'card', amountMinor: 200_000, reference: 'POS-1234' },
          {
            method: 'mobile_money',
            amountMinor: 100_000,
            provider: 'mpesa',
            phone: '+254 712 345 678',
            reference: 'QX12',
          },
          { method: 'bank_transfer', amountMinor: 100_000, reference: 'TRF-9' },
          { method: 'cash', amountMinor: total - 400_000, tenderedMinor: 250_000 },
        ],
        note: 'Paid in four ways',
      },
    );
    const res = await sell({ token: managerToken, storeId: demo.lekkiId, body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const sale = res.json() as Sale;
    expect(sale.number).toMatch(/^LEK-S\d{6}$/);
    expect(sale).toMatchObject({
      id: body.id,
      storeId: demo.lekkiId,
      sessionId: lekkiSession,
      status: 'completed',
      customerId: null,
      cartDiscount: null,
      subtotalMinor: 299_997 + 24_690 + 313_750,
      discountMinor: 0,
      taxMinor: 20_930 + 3_950,
      totalMinor: total,
      paidMinor: 400_000 + 250_000,
      changeMinor: 250_000 - (total - 400_000),
      note: 'Paid in four ways',
    });
    expect(sale.cashier.id).toBe(await server.accountId(DEMO.manager));
    expect(sale.lines).toEqual([
      expect.objectContaining({
        lineNo: 1,
        name: 'Soap',
        sku: soap.sku,
        quantity: 3,
        unitPriceMinor: 99_999,
        grossMinor: 299_997,
        taxRateId: inclusive,
        taxRateBasisPoints: 750,
        taxInclusive: true,
        taxMinor: 20_930,
        totalMinor: 299_997,
      }),
      expect.objectContaining({
        lineNo: 2,
        name: 'Radio (Red)',
        quantity: 2,
        unitPriceMinor: 12_345,
        grossMinor: 24_690,
        taxRateBasisPoints: 1600,
        taxInclusive: false,
        taxMinor: 3_950,
        totalMinor: 28_640,
      }),
      expect.objectContaining({
        lineNo: 3,
        quantity: 1.255,
        unitPriceMinor: 250_000,
        taxRateId: null,
        taxRateBasisPoints: 0,
        taxMinor: 0,
        totalMinor: 313_750,
      }),
    ]);
    expect(sale.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        amountMinor: 200_000,
        tenderedMinor: null,
        changeMinor: 0,
        reference: 'POS-1234',
      }),
      expect.objectContaining({ method: 'mobile_money', provider: 'mpesa', phone: '+254 712 345 678', changeMinor: 0 }),
      expect.objectContaining({ method: 'bank_transfer', amountMinor: 100_000, reference: 'TRF-9' }),
      expect.objectContaining({
        method: 'cash',
        amountMinor: total - 400_000,
        tenderedMinor: 250_000,
        changeMinor: 250_000 - (total - 400_000),
      }),
    ]);

    // Stock: one `sale` movement per line, pointing at the sale.
    expect(await onHand(server, demo.businessId, demo.lekkiId, soap.variantId)).toBe(7);
    expect(await onHand(server, demo.businessId, demo.lekkiId, radio.variantId)).toBe(3);
    expect(await onHand(server, demo.businessId, demo.lekkiId, rice.variantId)).toBe(18.745);
    const db = server.deps.database.db;
    const moves = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, demo.businessId), eq(stockMovements.refId, body.id)));
    expect(moves).toHaveLength(3);
    expect(moves.every((m) => m.reason === 'sale' && m.refType === 'sale')).toBe(true);

    // Rows as stored: unit cost at the time of sale; payments; one audit event.
    const lines = await db.select().from(saleLines).where(eq(saleLines.saleId, body.id));
    expect(lines.map((l) => Number(l.unitCostMinor)).sort()).toEqual([100_000, 30_000, 60_000].sort());
    const payments = await db.select().from(salePayments).where(eq(salePayments.saleId, body.id));
    expect(payments.reduce((s, p) => s + Number(p.amountMinor), 0)).toBe(total);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'sale'), eq(auditEvents.entityId, body.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'sale.completed', storeId: demo.lekkiId, businessId: demo.businessId });
    expect(audits[0]!.after).toMatchObject({ number: sale.number, totalMinor: total });

    // GET answers the same sale (the transactions detail: the sale plus its history).
    const read = await call(getSale, { storeId: demo.lekkiId, params: { saleId: body.id } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ ...sale, state: 'completed', refunds: [], refundedMinor: 0, voided: null });
  });

  it('applies line and cart discounts exactly (largest remainder), for a role with checkout.discount', async () => {
    const vat = await createTestTaxRate(server, demo.businessId, 750, false);
    const x = await plainProduct(10, 10_000);
    const y = await plainProduct(10, 10_000);
    await setProductTaxRate(server, demo.businessId, x.id, vat);
    // X: 30,000; Y: 10,000 − 10% = 9,000. Cart 1,000 split 30,000 : 9,000 → 769.23 / 230.77 → 769 / 231
    // (the larger remainder gets the last unit). X: 29,231 + 7.5% (2,192.33 → 2,192) = 31,423. Y: 8,769.
    const body = saleBody(
      lekkiSession,
      [
        { variantId: x.variantId, quantity: 3 },
        { variantId: y.variantId, quantity: 1, discount: { type: 'percent', value: 1000 } },
      ],
      40_192,
      { cartDiscount: { type: 'amount', value: 1000 } },
    );
    const res = await sell({ token: managerToken, storeId: demo.lekkiId, body });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale).toMatchObject({
      subtotalMinor: 40_000,
      discountMinor: 2_000,
      taxMinor: 2_192,
      totalMinor: 40_192,
      cartDiscount: { type: 'amount', value: 1000 },
    });
    expect(sale.lines.map((l) => [l.lineDiscountMinor, l.cartDiscountMinor, l.taxMinor, l.totalMinor])).toEqual([
      [0, 769, 2_192, 31_423],
      [1_000, 231, 0, 8_769],
    ]);
  });

  it('records a free sale (everything discounted) with no payment: stock goes out, and a payment is refused', async () => {
    const p = await plainProduct(10, 25_000);
    const body = saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 2 }], 0, {
      cartDiscount: { type: 'percent', value: 10_000 },
    });
    expect(body.payments).toEqual([]);
    const withPayment = { ...body, payments: [{ method: 'cash' as const, amountMinor: 100 }] };
    const before = await snapshotDatabase(server);
    const refused = await sell({ token: managerToken, storeId: demo.lekkiId, body: withPayment });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_MISMATCH');
    expect(await snapshotDatabase(server)).toEqual(before);

    const res = await sell({ token: managerToken, storeId: demo.lekkiId, body });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    expect(sale).toMatchObject({
      subtotalMinor: 50_000,
      discountMinor: 50_000,
      totalMinor: 0,
      paidMinor: 0,
      changeMinor: 0,
      payments: [],
    });
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(8);
    const read = await call(getSale, { storeId: demo.lekkiId, params: { saleId: sale.id } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ number: sale.number, totalMinor: 0, payments: [] });
  });

  it('lets a cashier sell in their store, but not give a discount (403 naming it, nothing changed)', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [demo.ikejaId]: 5 } }],
    });
    const ok = await sell({
      token: cashierToken,
      storeId: demo.ikejaId,
      body: saleBody(ikejaSession, [{ variantId: p.variantId, quantity: 2 }], 2_000),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((ok.json() as Sale).number).toMatch(/^IKJ-S\d{6}$/);

    const before = await snapshotDatabase(server);
    for (const body of [
      saleBody(ikejaSession, [{ variantId: p.variantId, quantity: 1, discount: { type: 'amount', value: 100 } }], 900),
      saleBody(ikejaSession, [{ variantId: p.variantId, quantity: 1 }], 900, {
        cartDiscount: { type: 'percent', value: 1000 },
      }),
    ]) {
      const res = await sell({ token: cashierToken, storeId: demo.ikejaId, body });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(res.json().detail).toMatch(/discount/);
      expect(fieldsOf(res)[0]).toMatch(/discount/i);
    }
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('refuses a sale priced differently by the till: 409 PRICE_CHANGED with the server figures', async () => {
    const p = await plainProduct(10, 80_000);
    await setStorePrice(server, lekki(), p.variantId, 85_000);
    const before = await snapshotDatabase(server);
    const res = await sell({
      token: managerToken,
      storeId: demo.lekkiId,
      body: saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 2 }], 160_000),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      priceChanged: {
        lines: [{ variantId: p.variantId, unitPriceMinor: 85_000, totalMinor: 170_000 }],
        totalMinor: 170_000,
      },
    });
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('refuses payments that do not add up to the total: 409 PAYMENT_MISMATCH naming payments', async () => {
    const p = await plainProduct();
    const before = await snapshotDatabase(server);
    for (const payments of [
      [{ method: 'cash' as const, amountMinor: 79_999, tenderedMinor: 100_000 }],
      [
        { method: 'card' as const, amountMinor: 50_000 },
        { method: 'cash' as const, amountMinor: 40_000 },
      ],
    ]) {
      const res = await sell({
        token: managerToken,
        storeId: demo.lekkiId,
        body: saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000, { payments }),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('PAYMENT_MISMATCH');
      expect(fieldsOf(res)).toContain('payments');
    }
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('answers 400 naming the field for bad lines and payments', async () => {
    const each = await plainProduct();
    const archived = await createTestProduct(server, {
      businessId: demo.businessId,
      isArchived: true,
      variants: [{ stock: { [demo.lekkiId]: 3 } }],
    });
    const line = (quantity = 1) => [{ variantId: each.variantId, quantity }];
    const cases: [unknown, string][] = [
      [saleBody(lekkiSession, line(1.5), 120_000), 'lines.0.quantity'],
      [saleBody(lekkiSession, line(0), 0), 'lines.0.quantity'],
      [saleBody(lekkiSession, [{ variantId: archived.variantId, quantity: 1 }], 80_000), 'lines.0.variantId'],
      [saleBody(lekkiSession, [{ variantId: otherProduct.variantId, quantity: 1 }], 5_000), 'lines.0.variantId'],
      [saleBody(lekkiSession, [], 0), 'lines'],
      [saleBody(lekkiSession, line(), 80_000, { payments: [] }), 'payments'],
      [
        saleBody(lekkiSession, line(), 80_000, { payments: [{ method: 'mobile_money', amountMinor: 80_000 }] }),
        'payments.0.provider',
      ],
      [
        saleBody(lekkiSession, line(), 80_000, {
          payments: [{ method: 'card', amountMinor: 80_000, tenderedMinor: 90_000 }],
        }),
        'payments.0.tenderedMinor',
      ],
      [
        saleBody(lekkiSession, line(), 80_000, {
          payments: [{ method: 'cash', amountMinor: 80_000, tenderedMinor: 70_000 }],
        }),
        'payments.0.tenderedMinor',
      ],
      [{ ...saleBody(lekkiSession, line(), 80_000), id: 'not-a-uuid' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await sell({ token: managerToken, storeId: demo.lekkiId, body });
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
  });

  it('refuses a closed, unknown or other store’s session: 409 REGISTER_CLOSED, nothing changed', async () => {
    const p = await plainProduct();
    const closed = await openTestSession(server, lekki(), { status: 'closed' });
    const before = await snapshotDatabase(server);
    for (const sessionId of [closed, ikejaSession, otherSessionId, '0190a0a0-0000-7000-8000-000000000000']) {
      const res = await sell({
        token: managerToken,
        storeId: demo.lekkiId,
        body: saleBody(sessionId, [{ variantId: p.variantId, quantity: 1 }], 80_000),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('REGISTER_CLOSED');
    }
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('refuses to sell what is not there: 409 INSUFFICIENT_STOCK naming the line', async () => {
    const a = await plainProduct(5);
    const b = await plainProduct(1);
    const res = await sell({
      token: managerToken,
      storeId: demo.lekkiId,
      body: saleBody(
        lekkiSession,
        [
          { variantId: a.variantId, quantity: 2 },
          { variantId: b.variantId, quantity: 2 },
        ],
        320_000,
      ),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('INSUFFICIENT_STOCK');
    expect(fieldsOf(res)).toEqual(['lines.1.quantity']);
    expect(await onHand(server, demo.businessId, demo.lekkiId, a.variantId)).toBe(5);
    expect(await onHand(server, demo.businessId, demo.lekkiId, b.variantId)).toBe(1);
  });

  it('sells untracked goods (a service) without touching stock: no movement, nothing goes below zero', async () => {
    const service = await createTestProduct(server, {
      businessId: demo.businessId,
      name: 'Gift wrapping',
      isTracked: false,
      variants: [{ sellingPriceMinor: 50_000 }],
    });
    const goods = await plainProduct(3);
    const body = saleBody(
      lekkiSession,
      [
        { variantId: service.variantId, quantity: 2 },
        { variantId: goods.variantId, quantity: 1 },
      ],
      180_000,
    );
    const res = await sell({ token: managerToken, storeId: demo.lekkiId, body });
    expect(res.statusCode, res.body).toBe(201);
    const movements = await server.deps.database.db
      .select({ variantId: stockMovements.variantId })
      .from(stockMovements)
      .where(and(eq(stockMovements.businessId, demo.businessId), eq(stockMovements.refId, body.id)));
    expect(movements).toEqual([{ variantId: goods.variantId }]);
    expect(await onHand(server, demo.businessId, demo.lekkiId, service.variantId)).toBe(0);
    expect(await onHand(server, demo.businessId, demo.lekkiId, goods.variantId)).toBe(2);
  });

  it('needs an Idempotency-Key: missing, blank or over 200 characters → 400, nothing changed', async () => {
    const p = await plainProduct();
    const body = saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000);
    const before = await snapshotDatabase(server);
    for (const key of [null, '', '   ', 'k'.repeat(201)]) {
      const res = await sell({ token: managerToken, storeId: demo.lekkiId, body, key });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
      expect(fieldsOf(res)).toEqual([`headers.${IDEMPOTENCY_HEADER}`]);
    }
    expect(await snapshotDatabase(server)).toEqual(before);
    const ok = await sell({ token: managerToken, storeId: demo.lekkiId, body, key: 'k'.repeat(200) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('replays the first response byte for byte; another body or store under the key → 422', async () => {
    const p = await plainProduct(10);
    const key = newKey();
    const body = saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000);
    const first = await sell({ token: managerToken, storeId: demo.lekkiId, body, key });
    expect(first.statusCode, first.body).toBe(201);

    const before = await snapshotDatabase(server);
    // Same request again, even with the body's keys in another order: the stored answer.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    for (const again of [body, reordered]) {
      const replay = await sell({ token: managerToken, storeId: demo.lekkiId, body: again, key });
      expect(replay.statusCode).toBe(201);
      expect(replay.body).toBe(first.body);
      expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    }
    expect(await snapshotDatabase(server)).toEqual(before);
    expect(await auditCount(body.id)).toBe(1);

    for (const [storeId, changed] of [
      [demo.lekkiId, { ...body, note: 'another body' }],
      [demo.lekkiId, { ...body, lines: [{ variantId: p.variantId, quantity: 2 }], expectedTotalMinor: 160_000 }],
      // The owner works in both stores: the same body under the key in Ikeja is another request.
      [demo.ikejaId, body],
    ] as const) {
      const token = storeId === demo.ikejaId ? await server.tokenFor(DEMO.owner) : managerToken;
      const res = await sell({ token, storeId, body: changed, key });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await snapshotDatabase(server)).toEqual(before);
    expect(await onHand(server, demo.businessId, demo.lekkiId, p.variantId)).toBe(9);
  });

  it('keeps keys two days: older ones are purged, a newer one still replays', async () => {
    const p = await plainProduct();
    const body = saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000);
    const key = newKey();
    const first = await sell({ token: managerToken, storeId: demo.lekkiId, body, key });
    expect(first.statusCode, first.body).toBe(201);
    const db = server.deps.database.db;
    const keyRow = and(eq(idempotencyKeys.businessId, demo.businessId), eq(idempotencyKeys.key, key));
    // A day later the key is kept and still answers.
    expect(await purgeExpiredIdempotencyKeys(db, new Date(Date.now() + 24 * 3600_000))).toBe(0);
    const replay = await sell({ token: managerToken, storeId: demo.lekkiId, body, key });
    expect(replay.body).toBe(first.body);
    // Past two days it goes (the sale stays).
    expect(await purgeExpiredIdempotencyKeys(db, new Date(Date.now() + 49 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(keyRow)).toEqual([]);
    expect((await call(getSale, { storeId: demo.lekkiId, params: { saleId: body.id } })).statusCode).toBe(200);
  });

  it('forgets a key whose request failed, so the corrected retry goes through', async () => {
    const p = await plainProduct(10);
    const key = newKey();
    const body = saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 70_000);
    const refused = await sell({ token: managerToken, storeId: demo.lekkiId, body, key });
    expect(refused.statusCode).toBe(409);
    const rows = await server.deps.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.businessId, demo.businessId), eq(idempotencyKeys.key, key)));
    expect(rows).toHaveLength(0);
    const fixed = await sell({
      token: managerToken,
      storeId: demo.lekkiId,
      body: { ...body, expectedTotalMinor: 80_000, payments: [{ method: 'cash', amountMinor: 80_000 }] },
      key,
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('refuses a sale id already recorded under another key: 409 SALE_EXISTS', async () => {
    const p = await plainProduct(10);
    const body = saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000);
    const first = await sell({ token: managerToken, storeId: demo.lekkiId, body });
    expect(first.statusCode).toBe(201);
    const before = await snapshotDatabase(server);
    const again = await sell({ token: managerToken, storeId: demo.lekkiId, body });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('SALE_EXISTS');
    expect(await snapshotDatabase(server)).toEqual(before);
  });

  it('numbers sales gaplessly per store, a refused sale giving its number back', async () => {
    const p = await plainProduct(2);
    const number = (r: { json(): unknown }) => Number((r.json() as Sale).number.slice(-6));
    const a = await sell({
      token: managerToken,
      storeId: demo.lekkiId,
      body: saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000),
    });
    const refused = await sell({
      token: managerToken,
      storeId: demo.lekkiId,
      body: saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 5 }], 400_000),
    });
    expect(refused.statusCode).toBe(409);
    const b = await sell({
      token: managerToken,
      storeId: demo.lekkiId,
      body: saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000),
    });
    expect(number(b)).toBe(number(a) + 1);
  });

  it('reads a sale only in its own store: another store’s or tenant’s → 404', async () => {
    const p = await createTestProduct(server, {
      businessId: demo.businessId,
      variants: [{ sellingPriceMinor: 1_000, stock: { [demo.ikejaId]: 5 } }],
    });
    const ikejaSale = await sell({
      token: cashierToken,
      storeId: demo.ikejaId,
      body: saleBody(ikejaSession, [{ variantId: p.variantId, quantity: 1 }], 1_000),
    });
    expect(ikejaSale.statusCode).toBe(201);
    const fromLekki = await call(getSale, { storeId: demo.lekkiId, params: { saleId: (ikejaSale.json() as Sale).id } });
    expect(fromLekki.statusCode).toBe(404);
    const asCashier = await call(getSale, {
      as: DEMO.cashier,
      storeId: demo.ikejaId,
      params: { saleId: (ikejaSale.json() as Sale).id },
    });
    expect(asCashier.statusCode).toBe(200);

    await expectCrossTenantNotFound(server, {
      endpoint: getSale,
      params: { saleId: otherSale.id },
      as: { email: DEMO.manager },
      storeId: demo.lekkiId,
      mustNotReveal: ['Other Secret Soap'],
    });
  });

  it('keeps another tenant’s store out of reach (404) and answers 401 without a token', async () => {
    await expectCrossTenantNotFound(server, {
      endpoint: createSale,
      as: { email: DEMO.owner },
      storeId: other.storeId,
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
      body: saleBody(otherSessionId, [{ variantId: otherProduct.variantId, quantity: 1 }], 5_000),
    });
    const p = await plainProduct();
    const res = await sell({
      token: null,
      storeId: demo.lekkiId,
      body: saleBody(lekkiSession, [{ variantId: p.variantId, quantity: 1 }], 80_000),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
