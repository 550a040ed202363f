import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { addDays, createContactBodySchema, storeDay, type InvoiceLineInput, type PaymentMethod } from '@ipos/contracts';
import { productVariants, products, stockLevels } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { storeTimeZone } from '../tenancy/stores.js';
import { createContactIn } from '../features/contacts/contacts.service.js';
import {
  createInvoiceIn,
  issueInvoiceIn,
  recordInvoicePaymentIn,
  voidInvoiceIn,
  type InvoiceScope,
} from '../features/invoices/invoices.service.js';
import type { DemoContext } from './demo-context.js';

/** Businesses that buy from Demo Mart on credit (made like the till's quick-create, with their details). */
const businessCustomers = [
  {
    name: 'Adebayo Catering Services Ltd',
    phone: '+234 803 555 0101',
    email: 'accounts@adebayocatering.example.ng',
    address: '14 Fola Osibo Street, Lekki Phase 1, Lagos',
    taxId: 'TIN 20187345-0001',
  },
  {
    name: 'Lekki Gardens Staff Canteen',
    phone: '+234 805 555 0202',
    email: 'canteen@lekkigardens.example.ng',
    address: 'Plot 7, Admiralty Way, Lekki, Lagos',
    taxId: 'TIN 31902214-0001',
  },
  {
    name: 'Grace Events & Decor',
    phone: '+234 809 555 0303',
    email: null,
    address: '3 Ajose Adeogun Street, Victoria Island, Lagos',
    taxId: null,
  },
];

type Plan = {
  customer: number;
  /** Days from today (store's calendar). */
  issue: number;
  due: number;
  lines: 'goods' | 'mixed' | 'service';
  state: 'draft' | 'issued' | 'void';
  /** Payments as shares of the total (basis points), with the day from today. */
  payments?: { share: number; day: number; method: PaymentMethod }[];
  notes?: string;
};

/**
 * Ten invoices at Lekki in every state (two drafts, unpaid, partly paid, overdue, overdue and partly
 * paid, paid, void), made, issued, paid and voided through the invoice service's in-transaction
 * functions. Records carry today's timestamps (the audit trail says when); the documents' own issue,
 * due and payment dates are spread over the last weeks instead.
 */
const plans: Plan[] = [
  { customer: 0, issue: 0, due: 14, lines: 'mixed', state: 'draft', notes: 'Quote for the Saturday wedding' },
  { customer: 2, issue: -1, due: 13, lines: 'service', state: 'draft' },
  { customer: 0, issue: -3, due: 11, lines: 'goods', state: 'issued' },
  { customer: 1, issue: -6, due: 24, lines: 'mixed', state: 'issued' },
  {
    customer: 1,
    issue: -10,
    due: 20,
    lines: 'goods',
    state: 'issued',
    payments: [{ share: 4000, day: -4, method: 'bank_transfer' }],
  },
  { customer: 2, issue: -45, due: -15, lines: 'goods', state: 'issued', notes: 'Reminder sent by phone' },
  {
    customer: 0,
    issue: -40,
    due: -10,
    lines: 'mixed',
    state: 'issued',
    payments: [{ share: 2500, day: -20, method: 'cash' }],
  },
  {
    customer: 1,
    issue: -21,
    due: -7,
    lines: 'goods',
    state: 'issued',
    payments: [
      { share: 5000, day: -14, method: 'bank_transfer' },
      { share: 10_000, day: -8, method: 'bank_transfer' },
    ],
  },
  {
    customer: 3,
    issue: -8,
    due: 6,
    lines: 'goods',
    state: 'issued',
    payments: [{ share: 10_000, day: -2, method: 'mobile_money' }],
  },
  { customer: 2, issue: -12, due: 2, lines: 'goods', state: 'void' },
];

export async function seedDemoInvoices(demo: DemoContext): Promise<void> {
  const { tx, businessId } = demo;
  const storeId = demo.stores.lekki;
  const scope: InvoiceScope = { businessId, storeId, timeZone: await storeTimeZone(tx, { businessId, storeId }) };
  const actor = demo.actorFor(demo.accounts.manager);
  const { now } = demo;
  const today = storeDay(scope.timeZone, now);

  const customers: string[] = [];
  for (const c of businessCustomers) {
    const made = await createContactIn(tx, actor, scope, createContactBodySchema.parse({ kind: 'customer', ...c }));
    customers.push(made.id);
  }
  // And one of the regulars.
  if (demo.customers[0]) customers.push(demo.customers[0].id);

  // Goods Lekki has plenty of (after ninety days of sales), in a stable order.
  const goods = await tx
    .select({
      variantId: productVariants.id,
      price: sql<number>`coalesce(${stockLevels.sellingPriceMinor}, ${productVariants.sellingPriceMinor})`,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.businessId, productVariants.businessId), eq(products.id, productVariants.productId)),
    )
    .innerJoin(
      stockLevels,
      and(
        eq(stockLevels.businessId, productVariants.businessId),
        eq(stockLevels.variantId, productVariants.id),
        eq(stockLevels.storeId, scope.storeId),
      ),
    )
    .where(
      and(
        eq(productVariants.businessId, businessId),
        eq(products.isTracked, true),
        eq(products.isArchived, false),
        eq(productVariants.isArchived, false),
        eq(products.unit, 'each'),
        gte(stockLevels.onHand, '40'),
      ),
    )
    .orderBy(asc(productVariants.sku))
    .limit(12);

  const linesFor = (kind: Plan['lines'], i: number): InvoiceLineInput[] => {
    const pick = (n: number) => goods[(i * 3 + n) % Math.max(goods.length, 1)];
    const productLines: InvoiceLineInput[] = [0, 1]
      .map(pick)
      .filter(
        (g, n, all): g is NonNullable<typeof g> => !!g && all.findIndex((o) => o?.variantId === g.variantId) === n,
      )
      .map((g, n) => ({
        variantId: g.variantId,
        quantity: n === 0 ? 6 : 3,
        unitPriceMinor: Number(g.price),
        ...(n === 0 ? { discount: { type: 'percent' as const, value: 500 } } : {}),
      }));
    const service: InvoiceLineInput = {
      description:
        kind === 'service' ? 'Event catering setup and service staff (4 people, 6 hours)' : 'Delivery to site',
      quantity: 1,
      unitPriceMinor: kind === 'service' ? 8_500_000 : 350_000,
    };
    if (kind === 'service' || productLines.length === 0) return [service];
    return kind === 'mixed' ? [...productLines, service] : productLines;
  };

  for (const [i, plan] of plans.entries()) {
    const customerId = customers[plan.customer % customers.length]!;
    const draft = await createInvoiceIn(
      tx,
      actor,
      scope,
      {
        id: newId(),
        customerId,
        issueDate: addDays(today, plan.issue),
        dueDate: addDays(today, plan.due),
        lines: linesFor(plan.lines, i),
        terms: `Payment due within ${plan.due - plan.issue} days by bank transfer to Demo Mart Ltd, GTBank 0123456789.`,
        ...(plan.notes ? { notes: plan.notes } : {}),
      },
      now,
    );
    if (plan.state === 'draft') continue;
    let invoice = await issueInvoiceIn(tx, actor, scope, draft.id, { version: draft.version }, now);
    if (plan.state === 'void') {
      await voidInvoiceIn(
        tx,
        actor,
        scope,
        invoice.id,
        {
          version: invoice.version,
          reason: 'Order cancelled by the customer',
        },
        now,
      );
      continue;
    }
    for (const p of plan.payments ?? []) {
      const amountMinor =
        p.share >= 10_000 ? invoice.balanceMinor : Math.floor((invoice.totalMinor * p.share) / 10_000 / 100) * 100;
      if (amountMinor <= 0) continue;
      invoice = await recordInvoicePaymentIn(
        tx,
        actor,
        scope,
        invoice.id,
        {
          id: newId(),
          method: p.method,
          amountMinor,
          paidOn: addDays(today, p.day),
          ...(p.method === 'mobile_money' ? { provider: 'mtn_momo' as const, phone: '+234 803 555 0101' } : {}),
          ...(p.method === 'bank_transfer' ? { reference: `TRF-${100_200 + i}` } : {}),
        },
        now,
      );
    }
  }
}
