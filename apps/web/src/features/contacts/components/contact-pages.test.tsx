import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact, CustomerSummary, Permission, VendorSummary } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderInRouter } from '../../../test/render';
import { CustomerPage, VendorPage } from './contact-pages';

vi.setConfig({ testTimeout: 20_000 });

const ID = '0190a6a0-0000-7000-8000-00000000d001';
const SALE = '0190a6a0-0000-7000-8000-00000000d002';
const INVOICE = '0190a6a0-0000-7000-8000-00000000d003';
const ORDER = '0190a6a0-0000-7000-8000-00000000d004';
const STORE = '0190a6a0-0000-7000-8000-0000000000aa';

const contact = (overrides: Partial<Contact> = {}): Contact => ({
  id: ID,
  kind: 'customer',
  name: 'Adebayo Catering',
  phone: '+234 803 555 0101',
  email: 'accounts@adebayo.ng',
  address: '14 Fola Osibo Street',
  taxId: 'TIN 2018',
  notes: null,
  archived: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...overrides,
});

const customer: CustomerSummary = {
  contact: contact(),
  totalSpentMinor: 40002400,
  visits: 2,
  lastVisitAt: '2026-11-20T14:05:00.000Z',
  balanceMinor: 25000000,
  overdueMinor: 20000000,
  history: {
    total: 2,
    items: [
      {
        kind: 'invoice',
        id: INVOICE,
        number: 'LEK-INV000042',
        storeId: STORE,
        storeName: 'Lekki',
        at: '2026-11-21T09:00:00.000Z',
        totalMinor: 30000000,
        refundedMinor: 0,
        paidMinor: 10000000,
        state: 'overdue',
        dueDate: '2026-11-20',
      },
      {
        kind: 'sale',
        id: SALE,
        number: 'LEK-S000123',
        storeId: STORE,
        storeName: 'Lekki',
        at: '2026-11-20T14:05:00.000Z',
        totalMinor: 15005000,
        refundedMinor: 2002500,
        paidMinor: 15005000,
        state: 'completed',
        dueDate: null,
      },
    ],
  },
};

const SUMMARY = `GET /api/v1/contacts/${ID}/customer-summary`;
const VENDOR_SUMMARY = `GET /api/v1/contacts/${ID}/vendor-summary`;
const all: Permission[] = ['contacts.view', 'contacts.manage', 'invoices.manage', 'purchase-orders.manage'];

describe('contact pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a customer: details, figures to the kobo, history linking sales and invoices, and a new invoice', async () => {
    stubApi({ [SUMMARY]: () => jsonResponse(customer) });
    renderInRouter(<CustomerPage id={ID} currency="NGN" timeZone="Africa/Lagos" permissions={all} />);
    expect(await screen.findByRole('heading', { name: 'Adebayo Catering' })).toBeInTheDocument();
    expect(screen.getByText('14 Fola Osibo Street')).toBeInTheDocument();
    expect(screen.getByText('₦400,024.00')).toBeInTheDocument();
    expect(screen.getByText('₦250,000.00')).toBeInTheDocument();
    expect(screen.getByText('₦200,000.00')).toBeInTheDocument();
    expect(screen.getByText('Last 20 Nov 2026, 15:05')).toBeInTheDocument();
    const rows = screen.getAllByTestId('history-row');
    expect(within(rows[0]!).getByRole('link', { name: 'LEK-INV000042' })).toHaveAttribute(
      'href',
      `/dashboard/invoice/view/${INVOICE}`,
    );
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'LEK-S000123' })).toHaveAttribute(
      'href',
      `/dashboard/transactions/${SALE}`,
    );
    expect(within(rows[1]!).getByText('₦20,025.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New invoice' })).toHaveAttribute(
      'href',
      `/dashboard/invoice/create?customerId=${ID}`,
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('what the role cannot do is hidden; an archived customer gets no new invoice', async () => {
    stubApi({ [SUMMARY]: () => jsonResponse({ ...customer, contact: contact({ archived: true }) }) });
    renderInRouter(<CustomerPage id={ID} currency="NGN" timeZone="Africa/Lagos" permissions={['contacts.view']} />);
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });

  it('an unknown id says the customer is not here', async () => {
    stubApi({ [SUMMARY]: () => problemResponse(404, 'NOT_FOUND', 'The customer was not found') });
    renderInRouter(<CustomerPage id={ID} currency="NGN" timeZone="Africa/Lagos" permissions={all} />);
    expect(await screen.findByText('This customer is not here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to customers' })).toHaveAttribute('href', '/dashboard/contact');
  });

  it('a vendor: totals, orders linking to the order, and a new purchase order', async () => {
    const vendor: VendorSummary = {
      contact: contact({ kind: 'vendor', name: 'Okafor Wholesale' }),
      totals: { orderedMinor: 1533300, receivedMinor: 760000, returnedMinor: 125000 },
      orders: {
        total: 1,
        items: [
          {
            id: ORDER,
            number: 'LEK-PO000007',
            status: 4,
            storeId: STORE,
            storeName: 'Lekki',
            createdAt: '2026-11-01T10:00:00.000Z',
            expectedOn: '2026-11-05',
            orderedMinor: 1333300,
            receivedMinor: 550000,
            returnedMinor: 125000,
          },
        ],
      },
    };
    stubApi({ [VENDOR_SUMMARY]: () => jsonResponse(vendor) });
    renderInRouter(<VendorPage id={ID} currency="NGN" timeZone="Africa/Lagos" permissions={all} />);
    expect(await screen.findByRole('heading', { name: 'Okafor Wholesale' })).toBeInTheDocument();
    expect(screen.getByText('₦15,333.00')).toBeInTheDocument();
    expect(screen.getByText('₦7,600.00')).toBeInTheDocument();
    const row = screen.getByTestId('order-row');
    expect(within(row).getByRole('link', { name: 'LEK-PO000007' })).toHaveAttribute(
      'href',
      `/dashboard/purchase-order/view/${ORDER}`,
    );
    expect(within(row).getByText('Partially recalled')).toBeInTheDocument();
    expect(within(row).getByText('₦13,333.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New purchase order' })).toHaveAttribute(
      'href',
      `/dashboard/purchase-order/create?vendorId=${ID}`,
    );
  });
});
