import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceCart, type Invoice, type RegisterSellable, type TaxRate } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi, type ApiHandler } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { formatMoney } from '../../../lib/money';
import { draftFromInvoice, emptyDraft } from '../invoice-draft';
import {
  CUSTOMER_ID,
  INVOICE_ID,
  MILK_PRODUCT,
  MILK_VARIANT,
  VAT_ID,
  draftOf,
  invoiceOf,
} from '../test/invoice-fixtures';
import { InvoiceForm } from './invoice-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TODAY = '2026-11-22';
const vat: TaxRate = {
  id: VAT_ID,
  name: 'VAT',
  rateBasisPoints: 750,
  isInclusive: false,
  isDefault: true,
  isActive: true,
  isUsed: true,
  version: 1,
};
const milk: RegisterSellable = {
  productId: MILK_PRODUCT,
  variantId: MILK_VARIANT,
  name: 'Peak Milk 400g',
  sku: 'PEAK-400',
  barcode: null,
  unit: 'each',
  priceMinor: 100_000,
  costPriceMinor: 80_000,
  taxRateId: VAT_ID,
  isTracked: true,
  onHand: 12,
  imageVersion: null,
  taxRateBasisPoints: 750,
  taxInclusive: true,
};
const ada = {
  id: CUSTOMER_ID,
  kind: 'customer',
  name: 'Ada Obi',
  phone: '+234 803 000 0001',
  email: 'ada@example.com',
  address: null,
  taxId: null,
  notes: null,
  archived: false,
  createdAt: '2026-10-01T09:00:00.000Z',
  version: 1,
};

const base: Record<string, ApiHandler> = {
  'GET /api/v1/tax-rates?includeInactive=false&pageSize=100': () =>
    jsonResponse({ items: [vat], total: 1, page: 1, pageSize: 100 }),
  [`GET /api/v1/contacts/${CUSTOMER_ID}`]: () => jsonResponse(ada),
  'GET /api/v1/contacts?kind=customer&archived=false&pageSize=20': () =>
    jsonResponse({ items: [ada], total: 1, page: 1, pageSize: 20 }),
  'GET /api/v1/variants?q=peak&pageSize=20': () =>
    jsonResponse({ items: [milk], total: 1, page: 1, pageSize: 20, totalCapped: false }),
};

function renderForm(routes: Record<string, ApiHandler | ApiHandler[]>, invoice?: Invoice) {
  const calls = stubApi({ ...base, ...routes });
  const onSaved = vi.fn();
  renderInRouter(
    <InvoiceForm
      storeId={LEKKI_ID}
      currency="NGN"
      today={TODAY}
      initial={invoice ? draftFromInvoice(invoice, 'NGN') : emptyDraft(TODAY, CUSTOMER_ID)}
      invoice={invoice}
      onSaved={onSaved}
      onCancel={vi.fn()}
    />,
  );
  return { calls, onSaved, user: userEvent.setup() };
}

async function addMilk(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Add a product'), 'peak');
  await user.click(await screen.findByRole('option', { name: /Peak Milk 400g/, hidden: true }));
  await screen.findByLabelText('Quantity of Peak Milk 400g');
}

const money = (minor: number) => formatMoney(minor, 'NGN');

describe('<InvoiceForm>', () => {
  it('prices every figure live with priceCart, and saves the draft it shows', async () => {
    const { calls, onSaved, user } = renderForm({
      'POST /api/v1/invoices': (body) => jsonResponse(draftOf({ id: (body as { id: string }).id }), 201),
    });
    expect(screen.getByLabelText(/^Due date/)).toHaveValue('2026-12-06');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(screen.getByLabelText(/^Due date/)).toHaveValue('2026-12-22');

    await addMilk(user);
    // The store's price is prefilled, and editable.
    expect(screen.getByLabelText('Price of Peak Milk 400g')).toHaveValue('1000.00');
    const quantity = screen.getByLabelText('Quantity of Peak Milk 400g');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(screen.getByLabelText('Discount on Peak Milk 400g'), '10');

    await user.click(screen.getByRole('button', { name: 'Add a service line' }));
    await user.type(screen.getByLabelText('Description of service line 2'), 'Delivery');
    await user.type(screen.getByLabelText('Price of Delivery'), '500');
    // Service lines take the business's default rate until another is chosen.
    expect(screen.getByLabelText('Tax rate of Delivery')).toHaveValue(VAT_ID);
    await user.selectOptions(screen.getByLabelText('Invoice discount: type'), 'amount');
    await user.type(screen.getByLabelText('Invoice discount'), '100');

    const expected = priceCart(
      [
        {
          quantityThousandths: 3000,
          unitPriceMinor: 100_000,
          discount: { type: 'percent', value: 1000 },
          taxRateBasisPoints: 750,
          taxInclusive: true,
        },
        { quantityThousandths: 1000, unitPriceMinor: 50_000, taxRateBasisPoints: 750, taxInclusive: false },
      ],
      { type: 'amount', value: 10_000 },
    );
    expect(screen.getByTestId('draft-subtotal')).toHaveTextContent(money(expected.subtotalMinor));
    expect(screen.getByTestId('draft-discount')).toHaveTextContent(money(-expected.discountMinor));
    expect(screen.getByTestId('draft-tax')).toHaveTextContent(money(expected.taxMinor));
    expect(screen.getByTestId('draft-total')).toHaveTextContent(money(expected.totalMinor));
    const lines = screen.getAllByTestId('invoice-line');
    expect(within(lines[0]!).getByTestId('line-total')).toHaveTextContent(money(expected.lines[0]!.totalMinor));
    expect(within(lines[1]!).getByTestId('line-tax')).toHaveTextContent(money(expected.lines[1]!.taxMinor));
    // 3 × 1,000 − 10% = 2,700; + 500 → 3,200 − 100 = 3,100 shared; exclusive VAT on the service on top.
    expect(expected.subtotalMinor).toBe(350_000);

    await user.type(screen.getByLabelText(/^Terms/), 'Pay within 30 days');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.key === 'POST /api/v1/invoices')!;
    expect(post.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerId: CUSTOMER_ID,
      issueDate: TODAY,
      dueDate: '2026-12-22',
      lines: [
        { variantId: MILK_VARIANT, quantity: 3, unitPriceMinor: 100_000, discount: { type: 'percent', value: 1000 } },
        { description: 'Delivery', taxRateId: VAT_ID, quantity: 1, unitPriceMinor: 50_000 },
      ],
      cartDiscount: { type: 'amount', value: 10_000 },
      terms: 'Pay within 30 days',
    });
  });

  it('validates with the contract before sending: customer, lines, dates, a service’s description', async () => {
    stubApi(base);
    const onSaved = vi.fn();
    renderInRouter(
      <InvoiceForm
        storeId={LEKKI_ID}
        currency="NGN"
        today={TODAY}
        initial={{ ...emptyDraft(TODAY, null), dueDate: '2026-11-01' }}
        onSaved={onSaved}
        onCancel={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose the customer')).toBeInTheDocument();
    expect(screen.getByText('Add a line')).toBeInTheDocument();
    expect(screen.getByText('The due date is before the issue date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a service line' }));
    await user.type(screen.getByLabelText('Price of line 1'), '12.345');
    expect(await screen.findByText('Describe the service')).toBeInTheDocument();
    expect(screen.getByText('Use at most 2 decimals')).toBeInTheDocument();
    expect(
      vi.mocked(fetch).mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST'),
    ).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the API’s field errors beside their fields', async () => {
    const { user } = renderForm({
      'POST /api/v1/invoices': () =>
        problemResponse(400, 'VALIDATION_FAILED', 'Invalid body', [
          { field: 'body.lines.0.unitPriceMinor', message: 'The amount is too large' },
        ]),
    });
    await addMilk(user);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The amount is too large')).toBeInTheDocument();
    expect(screen.getByLabelText('Price of Peak Milk 400g')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Save & issue saves then issues; when stock is short it says so on the line and keeps the draft', async () => {
    const issuePath = `POST /api/v1/invoices/${INVOICE_ID}/issue`;
    const { calls, onSaved, user } = renderForm({
      'POST /api/v1/invoices': () => jsonResponse(draftOf(), 201),
      [issuePath]: [
        () =>
          jsonResponse(
            {
              type: 'about:blank',
              title: 'INSUFFICIENT_STOCK',
              status: 409,
              code: 'INSUFFICIENT_STOCK',
              detail: 'Only 1 on hand: cannot take 3',
              shortages: [{ variantId: MILK_VARIANT, onHand: 1, requested: 3 }],
              errors: [{ field: 'lines.0.quantity', message: 'Only 1 on hand' }],
            },
            409,
          ),
        () => jsonResponse(invoiceOf({ version: 3 })),
      ],
      [`PUT /api/v1/invoices/${INVOICE_ID}`]: () => jsonResponse(draftOf({ version: 2 })),
    });
    await addMilk(user);
    await user.click(screen.getByRole('button', { name: 'Save & issue' }));
    expect(await screen.findByText('Only 1 on hand in this store')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Peak Milk 400g')).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
    // The draft exists now: the next save changes it (PUT with its version), then issues.
    const quantity = screen.getByLabelText('Quantity of Peak Milk 400g');
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: 'Save & issue' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ number: 'LEK-INV000042' })));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.key)).toEqual([
      'POST /api/v1/invoices',
      issuePath,
      `PUT /api/v1/invoices/${INVOICE_ID}`,
      issuePath,
    ]);
    expect(calls.filter((c) => c.key === issuePath).map((c) => c.body)).toEqual([{ version: 1 }, { version: 2 }]);
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ version: 1 });
  });

  it('edits a draft: its lines come back as typed, and Save sends PUT with the version', async () => {
    const { calls, onSaved, user } = renderForm(
      { [`PUT /api/v1/invoices/${INVOICE_ID}`]: () => jsonResponse(draftOf({ version: 2 })) },
      draftOf(),
    );
    expect(screen.getByLabelText('Quantity of Peak Milk 400g')).toHaveValue('2');
    expect(screen.getByLabelText('Description of service line 2')).toHaveValue('Delivery to Surulere');
    expect(screen.getByTestId('draft-total')).toHaveTextContent('₦2,500.00');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      customerId: CUSTOMER_ID,
      issueDate: '2026-11-20',
      dueDate: '2026-12-04',
      lines: [
        { variantId: MILK_VARIANT, quantity: 2, unitPriceMinor: 100_000 },
        { description: 'Delivery to Surulere', quantity: 1, unitPriceMinor: 50_000 },
      ],
      terms: 'Pay within 14 days',
      version: 1,
    });
  });
});
