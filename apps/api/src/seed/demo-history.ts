import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  type Discount,
  mulDivRound,
  parseThousandths,
  storeDay,
  thousandthsToNumeric,
  unitAllowsFractions,
} from '@ipos/contracts';
import type { Executor } from '../db/client.js';
import { contacts, documentCounters, stockAdjustments, stockLevels } from '../db/schema.js';
import type { refundLines, refunds, registerSessions, saleLines, salePayments, sales } from '../db/schema.js';
import { formatDocumentNumber, nextDocumentNumber } from '../lib/document-numbers.js';
import { newId } from '../lib/ids.js';
import { seededRandom, type SeededRandom } from '../lib/seeded-random.js';
import { recordAudit } from '../audit/audit.js';
import type { Actor } from '../http/context.js';
import type { SaleVariantRow } from '../features/checkout/sales.repository.js';
import { priceSale, saleLineRows } from '../features/checkout/sale-lines.js';
import { contactSearchText, phoneKeyOf } from '../features/contacts/contacts.service.js';
import { rebuildSalesSummaries } from '../features/reports/sales-summaries.js';

/**
 * Ninety days of Demo Mart trading, so dashboards and reports have history.
 *
 * Computed in memory from a seeded random generator (the same history on every run, relative to the
 * day the seed runs), then written with multi-row INSERTs: one register session per store and day,
 * the sales priced by `priceCart` exactly as POST /sales prices them (the store's price, the
 * product's tax, the cost at the time), their payments, a few refunds and voids, and the stock
 * movements they cause, in time order with their running on-hand. The history ends yesterday, so
 * today starts empty with every till closed; the counters end at the last number used.
 *
 * Audit: each session, sale, refund and void gets the audit event its service would have written, by
 * its person at its time (`historyAuditEvents`), so old sales explain themselves too; and the
 * ledger explains every on-hand figure, payments net of change equal each sale's total, totals are
 * the sums of the lines, and each closed session's expected cash is what its sales and refunds say.
 */

export const HISTORY_DAYS = 90;
/** Lagos has no daylight saving: a local wall-clock time is UTC + 1 all year. */
const LAGOS_OFFSET_MINUTES = 60;

// ---------------------------------------------------------------- dates in Lagos

/** The instant of a Lagos wall-clock time: a date and seconds after its midnight. */
export const lagosAt = (date: string, seconds: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + (seconds - LAGOS_OFFSET_MINUTES * 60) * 1000);

// ---------------------------------------------------------------- demo contacts

const customerNames = [
  'Adaeze Okafor',
  'Babatunde Adeyemi',
  'Chiamaka Nwosu',
  'Damilola Ogunleye',
  'Emeka Eze',
  'Funmilayo Bakare',
  'Garba Musa',
  'Halima Abubakar',
  'Ifeoma Okonkwo',
  'Jide Balogun',
  'Kemi Adebayo',
  'Lanre Ogundipe',
  'Musa Ibrahim',
  'Ngozi Chukwu',
  'Obinna Nnamdi',
  'Patience Etim',
  'Rasheed Lawal',
  'Sade Akinola',
  'Tunde Olawale',
  'Uche Anyanwu',
  'Victoria Bassey',
  'Wale Adeniran',
  'Yetunde Fashola',
  'Zainab Bello',
  'Aisha Sani',
  'Bolaji Oyelaran',
  'Chinedu Obi',
  'Folake Ajayi',
  'Ikenna Madu',
  'Temitope Alade',
] as const;

const vendorRows = [
  ['Olam Nigeria Ltd', 'Plot 5 Ilupeju Industrial Estate, Lagos', 'sales.lagos@olam.example.ng'],
  ['Nigerian Breweries Distributor (Lekki)', '12 Admiralty Way, Lekki, Lagos', 'orders@nbdist.example.ng'],
  ['Dangote Flour Mills Depot', 'Apapa Wharf Road, Apapa, Lagos', 'depot@dangoteflour.example.ng'],
  ['Nestlé Foods Distributor', '22 Oba Akran Avenue, Ikeja, Lagos', 'trade@nestledist.example.ng'],
  ['Mile 12 Fresh Produce Co-op', 'Mile 12 Market, Kosofe, Lagos', 'mile12coop@example.ng'],
  ['PZ Cussons Trade Partner', '45 Town Planning Way, Ilupeju, Lagos', 'partners@pzc.example.ng'],
  ['Coca-Cola Bottling (NBC) Ikeja', '1 Ikeja GRA Road, Ikeja, Lagos', 'ikeja@nbc.example.ng'],
  ['Lagos Bakers Supply', '8 Allen Avenue, Ikeja, Lagos', 'hello@lagosbakers.example.ng'],
] as const;

const nigerianMobile = (rng: SeededRandom) =>
  `+234 ${rng.pick(['803', '806', '813', '816', '802', '808', '812', '805', '807', '815'])} ${rng.digits(3)} ${rng.digits(4)}`;

export interface DemoContacts {
  customers: { id: string; name: string; phone: string }[];
  vendors: { id: string; name: string }[];
}

/** ~30 customers (Nigerian names, +234 phones, some emails) and 8 vendors. */
export async function seedDemoContacts(
  tx: Executor,
  businessId: string,
  createdBy: string,
  createdAt: Date,
): Promise<DemoContacts> {
  const rng = seededRandom(0xc0ffee);
  const customers = customerNames.map((name, i) => {
    const phone = nigerianMobile(rng);
    const email = i % 3 === 0 ? `${name.toLowerCase().replace(/\s+/g, '.')}@example.ng` : null;
    return { id: rng.uuid(createdAt), kind: 'customer', name, phone, email, address: null, taxId: null };
  });
  const vendors = vendorRows.map(([name, address, email]) => ({
    id: rng.uuid(createdAt),
    kind: 'vendor',
    name,
    phone: `+234 1 ${rng.digits(3)} ${rng.digits(4)}`,
    email,
    address,
    taxId: `TIN ${rng.digits(8)}-0001`,
  }));
  await tx.insert(contacts).values(
    [...customers, ...vendors].map((c) => ({
      businessId,
      ...c,
      phoneDigits: phoneKeyOf(c.phone),
      searchText: contactSearchText(c),
      createdBy,
      createdAt,
      updatedAt: createdAt,
    })),
  );
  return {
    customers: customers.map((c) => ({ id: c.id, name: c.name, phone: c.phone })),
    vendors: vendors.map((v) => ({ id: v.id, name: v.name })),
  };
}

// ---------------------------------------------------------------- the history in memory

export interface HistoryStore {
  id: string;
  alias: string;
  /** Sellable variants as POST /sales sees them in this store (findSaleVariants). */
  variants: SaleVariantRow[];
  /** Who opens and closes the till (a manager or the owner) on alternate days. */
  openers: string[];
  /** Who rings up sales. */
  cashiers: string[];
  /** Whether the cashiers may discount (checkout.discount). */
  canDiscount: boolean;
  /** Sales on an ordinary weekday at the start of the period. */
  baseSalesPerDay: number;
}

type SaleRow = typeof sales.$inferInsert;
type SaleLineRow = typeof saleLines.$inferInsert;
type PaymentRow = typeof salePayments.$inferInsert;
type RefundRow = typeof refunds.$inferInsert;
type RefundLineRow = typeof refundLines.$inferInsert;
type SessionRow = typeof registerSessions.$inferInsert;

/** A stock change the history causes (before its running on-hand is known). */
interface StockEvent {
  storeId: string;
  productId: string;
  variantId: string;
  at: Date;
  deltaThousandths: number;
  reason: 'sale' | 'refund' | 'void' | 'adjustment';
  refType: 'sale' | 'refund' | 'stock_adjustment';
  refId: string;
  actor: string | null;
  note?: string;
}

export interface DemoHistory {
  /** When the opening stock is dated: the evening before the first day. */
  openingAt: Date;
  sessions: SessionRow[];
  sales: SaleRow[];
  lines: SaleLineRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  refundLines: RefundLineRow[];
  events: StockEvent[];
  /** The last number used per store and kind. */
  counters: { storeId: string; kind: 'sale' | 'refund'; lastValue: number }[];
  /** Per store and variant: what the history takes out of stock in all (thousandths). */
  netOut: Map<string, Map<string, number>>;
}

const HOUR_WEIGHTS = [2, 3, 4, 5, 9, 9, 6, 4, 4, 5, 8, 9, 5]; // 08:00 … 20:00: lunch and the evening rush
const LINE_COUNT_WEIGHTS = [30, 25, 18, 12, 9, 6]; // 1 … 6 lines
const DAY_FACTOR = [0.62, 0.95, 0.92, 0.97, 1.0, 1.3, 1.45]; // Sunday … Saturday
const WEIGHED_QUANTITIES = [250, 500, 500, 750, 1000, 1000, 1250, 1500, 2000, 2500, 3000];
const VOID_REASONS = ['Rang up the wrong item', 'Customer left without paying', 'Duplicate sale'];
const REFUND_REASONS_RESTOCKED = ['Customer changed their mind', 'Wrong size bought', 'Bought twice by mistake'];
const REFUND_REASONS_WRITTEN_OFF = ['Damaged packaging', 'Past its best-before date', 'Leaking container'];
const VARIANCE_NOTES = ['Change given wrongly', 'Counted twice, still off', 'A note may have gone with a customer'];

/**
 * The whole history of every store, computed in memory (no database), deterministic for a given
 * set of stores, customers and day.
 */
export function buildDemoHistory(input: {
  businessId: string;
  now: Date;
  stores: HistoryStore[];
  customers: { id: string; phone: string }[];
}): DemoHistory {
  const rng = seededRandom(20260314);
  const { businessId } = input;
  const today = storeDay('Africa/Lagos', input.now);
  const firstDay = addDays(today, -HISTORY_DAYS);
  const history: DemoHistory = {
    openingAt: lagosAt(addDays(firstDay, -1), 19 * 3600),
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
  // Regulars come back more often than the rest.
  const customerWeights = input.customers.map((_, i) => (i < 10 ? 4 : 1));

  for (const store of input.stores) {
    const out = new Map<string, number>();
    history.netOut.set(store.id, out);
    const take = (e: StockEvent) => {
      history.events.push(e);
      out.set(e.variantId, (out.get(e.variantId) ?? 0) - e.deltaThousandths);
    };
    // Everyday goods sell more often than a 50 kg bag of rice; a fixed popularity per variant.
    const sellable = store.variants.filter((v) => !v.isArchived);
    const popularity = sellable.map((v) => {
      const naira = v.unitPriceMinor / 100;
      const byPrice = naira < 1_000 ? 4 : naira < 3_000 ? 2.5 : naira < 10_000 ? 1.2 : 0.35;
      return byPrice * (0.3 + rng.next());
    });
    const sessionsByDay = new Map<string, SessionRow>();
    /** Refunds, numbered once all are known (in time order). */
    const storeRefunds: { row: RefundRow; lines: RefundLineRow[] }[] = [];
    let saleNumber = 0;

    // Every day's till session first, so a refund on a later day can name that day's session.
    for (let day = 0; day < HISTORY_DAYS; day++) {
      const date = addDays(firstDay, day);
      const opener = store.openers[day % store.openers.length]!;
      const session: SessionRow = {
        businessId,
        id: rng.uuid(lagosAt(date, 8 * 3600)),
        storeId: store.id,
        registerName: 'Till 1',
        status: 'closed',
        openedBy: opener,
        openedAt: lagosAt(date, 8 * 3600 - rng.int(0, 900)),
        openingFloatMinor: 2_000_000,
        closedBy: opener,
        closedAt: lagosAt(date, 21 * 3600 + rng.int(0, 1200)),
      };
      sessionsByDay.set(date, session);
      history.sessions.push(session);
    }

    for (let day = 0; day < HISTORY_DAYS; day++) {
      const date = addDays(firstDay, day);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      const growth = 0.85 + (0.3 * day) / HISTORY_DAYS;
      const count = Math.max(
        15,
        Math.min(60, Math.round(store.baseSalesPerDay * DAY_FACTOR[weekday]! * growth * (0.9 + 0.2 * rng.next()))),
      );
      const session = sessionsByDay.get(date)!;
      const opener = session.openedBy;

      const times = Array.from({ length: count }, () => {
        const hour = rng.weighted(
          HOUR_WEIGHTS.map((_, i) => 8 + i),
          HOUR_WEIGHTS,
        );
        return hour * 3600 + rng.int(hour === 8 ? 600 : 0, 3599);
      }).sort((a, b) => a - b);

      for (const seconds of times) {
        const completedAt = lagosAt(date, seconds);
        const cashier = rng.pick(store.cashiers);
        // The cart: distinct variants, weighed goods in decimals.
        const lineCount = rng.weighted([1, 2, 3, 4, 5, 6], LINE_COUNT_WEIGHTS);
        const chosen = new Set<SaleVariantRow>();
        while (chosen.size < lineCount) chosen.add(rng.weighted(sellable, popularity));
        const cart = [...chosen].map((variant) => {
          const cheap = variant.unitPriceMinor < 100_000;
          const thousandths = unitAllowsFractions(variant.unit)
            ? rng.next() < 0.3
              ? rng.int(200, 2500)
              : rng.pick(WEIGHED_QUANTITIES)
            : 1000 * (rng.next() < 0.7 ? 1 : rng.int(2, cheap ? 6 : 3));
          const discount: Discount | null =
            store.canDiscount && rng.next() < 0.04 ? { type: 'percent', value: rng.pick([500, 1000]) } : null;
          return { variant, thousandths, discount };
        });
        let cartDiscount: Discount | null = null;
        if (store.canDiscount && rng.next() < 0.025)
          cartDiscount = rng.next() < 0.5 ? { type: 'percent', value: 500 } : { type: 'amount', value: 20_000 };
        const priced = priceSale(cart, cartDiscount);
        const total = priced.totalMinor;
        const saleId = rng.uuid(completedAt);
        saleNumber += 1;

        // Payments: cash (tendered in notes), card, transfer, mobile money, or a split.
        const payments: Omit<PaymentRow, 'businessId' | 'saleId' | 'seq'>[] = [];
        const cash = (amount: number, exact: boolean) => {
          const note = rng.pick([50_000, 100_000, 100_000, 500_000]);
          const tendered = exact || rng.next() < 0.25 ? amount : Math.ceil(amount / note) * note;
          payments.push({ method: 'cash', amountMinor: amount, tenderedMinor: tendered });
        };
        const card = (amount: number) =>
          payments.push({ method: 'card', amountMinor: amount, reference: `POS ${rng.digits(6)}` });
        const transfer = (amount: number) =>
          payments.push({ method: 'bank_transfer', amountMinor: amount, reference: `TRF${rng.digits(10)}` });
        const mobile = (amount: number) => {
          const provider = rng.next() < 0.6 ? 'mtn_momo' : 'airtel_money';
          payments.push({
            method: 'mobile_money',
            amountMinor: amount,
            provider,
            phone: nigerianMobile(rng),
            reference: `${provider === 'mtn_momo' ? 'MM' : 'AM'}${rng.digits(10)}`,
          });
        };
        const way = rng.next();
        if (way < 0.45 || total === 0) cash(total, false);
        else if (way < 0.65) card(total);
        else if (way < 0.77) transfer(total);
        else if (way < 0.9) mobile(total);
        else {
          const cashPart = Math.floor((total * (0.3 + 0.4 * rng.next())) / 50_000) * 50_000;
          if (cashPart <= 0 || cashPart >= total) cash(total, false);
          else {
            cash(cashPart, true);
            if (rng.next() < 0.6) card(total - cashPart);
            else transfer(total - cashPart);
          }
        }
        const tendered = payments.reduce((s, p) => s + (p.tenderedMinor ?? p.amountMinor), 0);
        const customer = rng.next() < 0.2 ? rng.weighted(input.customers, customerWeights) : null;
        const voided = rng.next() < 0.003;
        const voidedAt = voided ? new Date(completedAt.getTime() + rng.int(120, 900) * 1000) : null;

        history.sales.push({
          businessId,
          id: saleId,
          storeId: store.id,
          sessionId: session.id,
          number: formatDocumentNumber(store.alias, 'sale', saleNumber),
          status: voided ? 'voided' : 'completed',
          cashierAccountId: cashier,
          customerId: customer?.id ?? null,
          subtotalMinor: priced.subtotalMinor,
          discountMinor: priced.discountMinor,
          taxMinor: priced.taxMinor,
          totalMinor: total,
          paidMinor: tendered,
          changeMinor: tendered - total,
          cartDiscount,
          note: null,
          completedAt,
          voidedAt,
          voidedBy: voided ? opener : null,
          voidReason: voided ? rng.pick(VOID_REASONS) : null,
        });
        const saleLinesOfThis = saleLineRows(businessId, saleId, cart, priced);
        history.lines.push(...saleLinesOfThis);
        history.payments.push(
          ...payments.map((p, i) => ({
            businessId,
            saleId,
            seq: i + 1,
            method: p.method,
            amountMinor: p.amountMinor,
            tenderedMinor: p.method === 'cash' ? p.tenderedMinor! : null,
            reference: p.reference ?? null,
            provider: p.provider ?? null,
            phone: p.phone ?? null,
          })),
        );
        cart.forEach(({ variant, thousandths }) => {
          if (!variant.isTracked) return;
          const common = { storeId: store.id, productId: variant.productId, variantId: variant.variantId };
          take({
            ...common,
            at: completedAt,
            deltaThousandths: -thousandths,
            reason: 'sale',
            refType: 'sale',
            refId: saleId,
            actor: cashier,
          });
          if (voidedAt)
            take({
              ...common,
              at: voidedAt,
              deltaThousandths: thousandths,
              reason: 'void',
              refType: 'sale',
              refId: saleId,
              actor: opener,
            });
        });

        // A refund now and then: the same day or within five days (never after yesterday).
        if (voided || rng.next() >= 0.015) continue;
        const later = Math.min(HISTORY_DAYS - 1 - day, rng.next() < 0.4 ? 0 : rng.int(1, 5));
        const refundDate = addDays(date, later);
        const refundSession = sessionsByDay.get(refundDate)!;
        const refundSeconds =
          later === 0 ? Math.min(seconds + rng.int(1800, 7200), 20 * 3600 + 3000) : rng.int(9 * 3600, 20 * 3600);
        const refundAt = lagosAt(refundDate, later === 0 ? Math.max(refundSeconds, seconds + 60) : refundSeconds);
        const whole = rng.next() < 0.3;
        const picked = whole ? saleLinesOfThis : [rng.pick(saleLinesOfThis)];
        const restocked = rng.next() < 0.6;
        const refundId = rng.uuid(refundAt);
        const lines = picked.map((line) => {
          const c = cart[line.lineNo - 1]!;
          const sold = c.thousandths;
          const quantity =
            !whole && sold >= 2000 && !unitAllowsFractions(c.variant.unit) && rng.next() < 0.5
              ? 1000 * Math.floor(sold / 2000)
              : sold;
          return {
            businessId,
            refundId,
            saleId,
            lineNo: line.lineNo,
            productId: line.productId,
            variantId: line.variantId,
            quantity: thousandthsToNumeric(quantity),
            // The refunded share of what the line cost the customer, as the refund API computes it.
            totalMinor: mulDivRound(line.totalMinor, quantity, sold),
            taxMinor: mulDivRound(line.taxMinor, quantity, sold),
            restocked: restocked && c.variant.isTracked,
            thousandths: quantity,
            isTracked: c.variant.isTracked,
          };
        });
        const refundTotal = lines.reduce((s, l) => s + l.totalMinor, 0);
        if (refundTotal <= 0) continue;
        const first = payments[0]!;
        const method = payments.length > 1 ? 'cash' : first.method;
        storeRefunds.push({
          row: {
            businessId,
            id: refundId,
            storeId: store.id,
            saleId,
            sessionId: refundSession.id,
            number: '',
            refundedBy: refundSession.openedBy,
            reason: rng.pick(restocked ? REFUND_REASONS_RESTOCKED : REFUND_REASONS_WRITTEN_OFF),
            method,
            reference: method === 'card' || method === 'bank_transfer' ? `RF${rng.digits(8)}` : null,
            provider: method === 'mobile_money' ? first.provider! : null,
            phone: method === 'mobile_money' ? first.phone! : null,
            totalMinor: refundTotal,
            taxMinor: lines.reduce((s, l) => s + l.taxMinor, 0),
            createdAt: refundAt,
          },
          lines: lines.map(({ thousandths: _t, isTracked: _i, ...row }) => row),
        });
        for (const l of lines)
          if (l.restocked)
            take({
              storeId: store.id,
              productId: l.productId,
              variantId: l.variantId,
              at: refundAt,
              deltaThousandths: l.thousandths,
              reason: 'refund',
              refType: 'refund',
              refId: refundId,
              actor: refundSession.openedBy,
            });
      }
    }

    // Refund numbers in time order.
    storeRefunds.sort((a, b) => a.row.createdAt!.getTime() - b.row.createdAt!.getTime());
    storeRefunds.forEach((r, i) => {
      r.row.number = formatDocumentNumber(store.alias, 'refund', i + 1);
      history.refunds.push(r.row);
      history.refundLines.push(...r.lines);
    });
    history.counters.push(
      { storeId: store.id, kind: 'sale', lastValue: saleNumber },
      { storeId: store.id, kind: 'refund', lastValue: storeRefunds.length },
    );

    // Each day's expected cash: the float, cash taken net of change, cash refunds paid out.
    const cashBySession = new Map<string, number>();
    const saleSession = new Map<string, string>();
    for (const s of history.sales)
      if (s.storeId === store.id && s.status === 'completed') saleSession.set(s.id!, s.sessionId!);
    for (const p of history.payments) {
      const sessionId = p.method === 'cash' ? saleSession.get(p.saleId!) : undefined;
      if (sessionId) cashBySession.set(sessionId, (cashBySession.get(sessionId) ?? 0) + p.amountMinor!);
    }
    for (const r of storeRefunds)
      if (r.row.method === 'cash')
        cashBySession.set(r.row.sessionId!, (cashBySession.get(r.row.sessionId!) ?? 0) - r.row.totalMinor!);
    for (const session of sessionsByDay.values()) {
      const expected = session.openingFloatMinor! + (cashBySession.get(session.id!) ?? 0);
      const variance = rng.next() < 0.25 ? rng.pick([-1, 1]) * 5_000 * rng.int(1, 20) : 0;
      session.expectedCashMinor = expected;
      session.countedCashMinor = Math.max(0, expected + variance);
      session.closingNote = variance === 0 ? null : rng.pick(VARIANCE_NOTES);
    }
  }
  return history;
}

// ---------------------------------------------------------------- writing it

/** A column of a bulk insert: the table's column name and its SQL type. */
type Column = readonly [name: string, type: string];

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Rows written as one JSON parameter per chunk (`insert … select … from jsonb_to_recordset($1)`):
 * thousands of rows cost one bound parameter instead of one per value, which is what makes the
 * history cheap on the embedded database. Row objects use the schema's camelCase property names.
 */
async function bulkInsert(tx: Executor, table: string, columns: readonly Column[], rows: object[], size = 5000) {
  const names = sql.raw(columns.map(([n]) => `"${n}"`).join(', '));
  const types = sql.raw(columns.map(([n, t]) => `"${n}" ${t}`).join(', '));
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size).map((row) => {
      const r = row as Record<string, unknown>;
      return Object.fromEntries(columns.map(([n]) => [n, r[camel(n)] ?? null]));
    });
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(${types})`,
    );
  }
}

const cols = (spec: string): Column[] =>
  spec
    .trim()
    .split(/\s*,\s*/)
    .map((c) => c.split(/\s+/) as unknown as Column);

const SESSION_COLUMNS = cols(`business_id uuid, id uuid, store_id uuid, register_name text, status text, opened_by uuid,
  opened_at timestamptz, opening_float_minor bigint, closed_by uuid, closed_at timestamptz, counted_cash_minor bigint,
  expected_cash_minor bigint, closing_note text`);
const SALE_COLUMNS = cols(`business_id uuid, id uuid, store_id uuid, session_id uuid, number text, status text,
  cashier_account_id uuid, customer_id uuid, subtotal_minor bigint, discount_minor bigint, tax_minor bigint,
  total_minor bigint, paid_minor bigint, change_minor bigint, cart_discount jsonb, note text, completed_at timestamptz,
  voided_at timestamptz, voided_by uuid, void_reason text`);
const LINE_COLUMNS = cols(`business_id uuid, sale_id uuid, line_no integer, product_id uuid, variant_id uuid, name text,
  sku text, quantity numeric, unit_price_minor bigint, gross_minor bigint, line_discount_minor bigint,
  cart_discount_minor bigint, tax_rate_id uuid, tax_rate_basis_points integer, tax_inclusive boolean, tax_minor bigint,
  total_minor bigint, unit_cost_minor bigint`);
const PAYMENT_COLUMNS = cols(`business_id uuid, sale_id uuid, seq integer, method text, amount_minor bigint,
  tendered_minor bigint, reference text, provider text, phone text`);
const REFUND_COLUMNS = cols(`business_id uuid, id uuid, store_id uuid, sale_id uuid, session_id uuid, number text,
  refunded_by uuid, reason text, method text, reference text, provider text, phone text, total_minor bigint,
  tax_minor bigint, created_at timestamptz`);
const REFUND_LINE_COLUMNS = cols(`business_id uuid, refund_id uuid, sale_id uuid, line_no integer, product_id uuid,
  variant_id uuid, quantity numeric, total_minor bigint, tax_minor bigint, restocked boolean`);
const MOVEMENT_COLUMNS =
  cols(`business_id uuid, id uuid, store_id uuid, product_id uuid, variant_id uuid, delta numeric,
  on_hand_after numeric, reason text, ref_type text, ref_id uuid, note text, actor_account_id uuid,
  occurred_at timestamptz`);

const AUDIT_COLUMNS = cols(`business_id uuid, id uuid, occurred_at timestamptz, actor_account_id uuid, store_id uuid,
  action text, entity text, entity_id text, before jsonb, after jsonb, request_id text, ip text`);

/**
 * The audit trail the history would have left, in the shape the services write it: each register
 * session opened and closed, each sale completed, refunded and voided, by its person at its time — so
 * a demo sale explains itself on its page like a sale rung up today.
 */
function historyAuditEvents(businessId: string, history: DemoHistory) {
  const rng = seededRandom(0xa0d17);
  const event = (
    at: Date,
    actor: string | null | undefined,
    storeId: string,
    action: string,
    entity: string,
    entityId: string,
    after: Record<string, unknown>,
    before: Record<string, unknown> | null = null,
  ) => ({
    businessId,
    id: rng.uuid(at),
    occurredAt: at,
    actorAccountId: actor ?? null,
    storeId,
    action,
    entity,
    entityId,
    before,
    after,
    requestId: 'seed-demo',
    ip: null,
  });
  const linesOf = new Map<string, SaleLineRow[]>();
  for (const l of history.lines) linesOf.set(l.saleId, [...(linesOf.get(l.saleId) ?? []), l]);
  const refundLinesOf = new Map<string, RefundLineRow[]>();
  for (const l of history.refundLines) refundLinesOf.set(l.refundId, [...(refundLinesOf.get(l.refundId) ?? []), l]);
  return [
    ...history.sessions.flatMap((x) => [
      event(x.openedAt!, x.openedBy, x.storeId, 'register_session.opened', 'register_session', x.id, {
        registerName: x.registerName,
        openingFloatMinor: x.openingFloatMinor,
      }),
      event(x.closedAt!, x.closedBy, x.storeId, 'register_session.closed', 'register_session', x.id, {
        status: 'closed',
        registerName: x.registerName,
        countedCashMinor: x.countedCashMinor,
        expectedCashMinor: x.expectedCashMinor,
        varianceMinor: x.countedCashMinor! - x.expectedCashMinor!,
        note: x.closingNote ?? null,
      }),
    ]),
    ...history.sales.flatMap((x) => [
      event(x.completedAt!, x.cashierAccountId, x.storeId, 'sale.completed', 'sale', x.id, {
        number: x.number,
        sessionId: x.sessionId,
        customerId: x.customerId ?? null,
        totalMinor: x.totalMinor,
        taxMinor: x.taxMinor,
        discountMinor: x.discountMinor,
        lines: (linesOf.get(x.id) ?? []).map((l) => ({ variantId: l.variantId, quantity: Number(l.quantity) })),
      }),
      ...(x.voidedAt
        ? [
            event(
              x.voidedAt,
              x.voidedBy,
              x.storeId,
              'sale.voided',
              'sale',
              x.id,
              { status: 'voided', number: x.number, totalMinor: x.totalMinor, reason: x.voidReason },
              { status: 'completed' },
            ),
          ]
        : []),
    ]),
    ...history.refunds.map((r) =>
      event(r.createdAt!, r.refundedBy, r.storeId, 'sale.refunded', 'sale', r.saleId, {
        refundId: r.id,
        number: r.number,
        totalMinor: r.totalMinor,
        taxMinor: r.taxMinor,
        method: r.method,
        sessionId: r.sessionId ?? null,
        reason: r.reason,
        lines: (refundLinesOf.get(r.id) ?? []).map((l) => ({
          lineNo: l.lineNo,
          quantity: Number(l.quantity),
          restocked: l.restocked,
        })),
      }),
    ),
  ];
}

/**
 * A dated step of the demo's purchasing, waste and transfers (an order placed, a delivery, a write-off): run
 * through its service at its time, between the history's movements, so its stock movements find the
 * shelves as they were then and the ledger's running on hand holds in time order.
 */
export interface DatedStep {
  at: Date;
  run(shelves: ShelvesAhead): Promise<void>;
}

/** What a dated step may take off a store's shelf (thousandths) without the later history going below zero. */
export interface ShelvesAhead {
  spare(storeId: string, variantId: string): number;
}

/**
 * Writes the history after the opening stock: `opening` is each store's on-hand per variant right
 * after the opening adjustment (thousandths). Movements get their running on-hand in time order; the
 * dated steps run at their times in between (the history's movements before each are written first,
 * and the shelves read back after it); the stock levels end where the last movement leaves them; the
 * counters at the last numbers used.
 */
export async function writeDemoHistory(
  tx: Executor,
  actor: Actor,
  businessId: string,
  history: DemoHistory,
  opening: OpeningStock[],
  steps: DatedStep[] = [],
) {
  // Stock starts at nothing (the products were just created): the opening adjustment, then the history.
  const onHand = new Map<string, number>();
  const key = (storeId: string, variantId: string) => `${storeId}:${variantId}`;
  const productOf = new Map<string, string>();
  const openingEvents: StockEvent[] = opening.flatMap((o) =>
    o.lines.map((l) => {
      productOf.set(l.variantId, l.productId);
      return {
        storeId: o.storeId,
        productId: l.productId,
        variantId: l.variantId,
        at: history.openingAt,
        deltaThousandths: l.thousandths,
        reason: 'adjustment' as const,
        refType: 'stock_adjustment' as const,
        refId: o.adjustmentId,
        actor: actor.accountId,
        note: 'Demo Mart opening stock',
      };
    }),
  );
  for (const e of history.events) productOf.set(e.variantId, e.productId);
  const events = [...openingEvents, ...history.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const rng = seededRandom(0x5eed);
  /** The shelves the history moved since they were last written. */
  const moved = new Set<string>();
  const movementOf = (e: StockEvent) => {
    const k = key(e.storeId, e.variantId);
    const after = (onHand.get(k) ?? 0) + e.deltaThousandths;
    if (after < 0) throw new Error(`Demo history takes ${e.variantId} below zero in ${e.storeId}`);
    onHand.set(k, after);
    moved.add(k);
    return {
      businessId,
      id: rng.uuid(e.at),
      storeId: e.storeId,
      productId: e.productId,
      variantId: e.variantId,
      delta: thousandthsToNumeric(e.deltaThousandths),
      onHandAfter: thousandthsToNumeric(after),
      reason: e.reason,
      refType: e.refType,
      refId: e.refId,
      note: e.note ?? null,
      actorAccountId: e.actor,
      occurredAt: e.at,
    };
  };
  let written = 0;
  /** The history's movements up to `upTo` (exclusive) into the ledger, and the shelves where they leave them. */
  const writeUpTo = async (upTo: number) => {
    await bulkInsert(tx, 'stock_movements', MOVEMENT_COLUMNS, events.slice(written, upTo).map(movementOf));
    written = upTo;
    await writeStockLevels(
      tx,
      businessId,
      [...moved].map((k) => [k, onHand.get(k)!]),
      productOf,
    );
    moved.clear();
  };
  const shelves: ShelvesAhead = {
    spare(storeId, variantId) {
      // The lowest the shelf gets from now to the end of the history.
      let level = onHand.get(key(storeId, variantId)) ?? 0;
      let lowest = level;
      for (let i = written; i < events.length; i++) {
        const e = events[i]!;
        if (e.storeId !== storeId || e.variantId !== variantId) continue;
        level += e.deltaThousandths;
        lowest = Math.min(lowest, level);
      }
      return Math.max(0, lowest);
    },
  };
  for (const step of [...steps].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    let upTo = written;
    while (upTo < events.length && events[upTo]!.at.getTime() <= step.at.getTime()) upTo += 1;
    await writeUpTo(upTo);
    await step.run(shelves);
    // The step moved stock through moveStock: the shelves as it left them.
    for (const row of await tx
      .select({
        storeId: stockLevels.storeId,
        variantId: stockLevels.variantId,
        productId: stockLevels.productId,
        onHand: stockLevels.onHand,
      })
      .from(stockLevels)
      .where(eq(stockLevels.businessId, businessId))) {
      onHand.set(key(row.storeId, row.variantId), parseThousandths(row.onHand));
      productOf.set(row.variantId, row.productId);
    }
  }
  await writeUpTo(events.length);

  await bulkInsert(tx, 'register_sessions', SESSION_COLUMNS, history.sessions);
  await bulkInsert(tx, 'sales', SALE_COLUMNS, history.sales);
  await bulkInsert(tx, 'sale_lines', LINE_COLUMNS, history.lines);
  await bulkInsert(tx, 'sale_payments', PAYMENT_COLUMNS, history.payments);
  await bulkInsert(tx, 'refunds', REFUND_COLUMNS, history.refunds);
  await bulkInsert(tx, 'refund_lines', REFUND_LINE_COLUMNS, history.refundLines);
  await bulkInsert(tx, 'audit_events', AUDIT_COLUMNS, historyAuditEvents(businessId, history));
  // Written in bulk, not through the services: the report summaries are computed from them once.
  await rebuildSalesSummaries(tx, businessId);
  for (const c of history.counters)
    if (c.lastValue > 0)
      await tx
        .insert(documentCounters)
        .values({ businessId, storeId: c.storeId, kind: c.kind, lastValue: c.lastValue })
        .onConflictDoUpdate({
          target: [documentCounters.businessId, documentCounters.storeId, documentCounters.kind],
          set: { lastValue: c.lastValue },
        });
}

/** The stock levels where the ledger leaves them (a variant never stocked in a store gets its row). */
async function writeStockLevels(
  tx: Executor,
  businessId: string,
  onHand: [key: string, thousandths: number][],
  productOf: Map<string, string>,
) {
  const levels = onHand.map(([k, q]) => {
    const [storeId, variantId] = k.split(':') as [string, string];
    return { businessId, storeId, variantId, productId: productOf.get(variantId)!, onHand: thousandthsToNumeric(q) };
  });
  for (let i = 0; i < levels.length; i += 1000)
    await tx
      .insert(stockLevels)
      .values(levels.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [stockLevels.businessId, stockLevels.storeId, stockLevels.variantId],
        set: { onHand: sql`excluded.on_hand`, updatedAt: sql`now()` },
      });
}

/** One store's opening stock: an adjustment header (dated) and its lines, whose movements writeDemoHistory writes. */
export interface OpeningStock {
  storeId: string;
  adjustmentId: string;
  lines: { productId: string; variantId: string; thousandths: number }[];
}

/**
 * The opening-stock adjustment of a store, numbered and audited like any adjustment
 * (recordStockAdjustmentIn) but dated the evening before the history: the ledger is append-only, so
 * its movements are written with that date by writeDemoHistory rather than re-dated afterwards.
 */
export async function recordOpeningStock(
  tx: Executor,
  actor: Actor,
  scope: { businessId: string; storeId: string },
  lines: OpeningStock['lines'],
  at: Date,
): Promise<OpeningStock> {
  const adjustmentId = newId();
  const number = await nextDocumentNumber(tx, scope, 'stock_adjustment');
  const note = 'Demo Mart opening stock';
  await tx.insert(stockAdjustments).values({
    businessId: scope.businessId,
    id: adjustmentId,
    storeId: scope.storeId,
    number,
    reasonCode: 'opening_stock',
    note,
    createdBy: actor.accountId,
    createdAt: at,
  });
  await recordAudit(tx, actor, {
    businessId: scope.businessId,
    storeId: scope.storeId,
    action: 'stock_adjustment.created',
    entity: 'stock_adjustment',
    entityId: adjustmentId,
    after: {
      number,
      reasonCode: 'opening_stock',
      note,
      lines: lines.map((l) => ({ variantId: l.variantId, delta: l.thousandths / 1000 })),
    },
  });
  return { storeId: scope.storeId, adjustmentId, lines };
}
