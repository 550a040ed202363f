import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { ContactList } from './contact-list';

vi.setConfig({ testTimeout: 20_000 });

const ADA = '0190a6a0-0000-7000-8000-00000000c001';
const OKAFOR = '0190a6a0-0000-7000-8000-00000000c002';
const NEW = '0190a6a0-0000-7000-8000-00000000c003';

const contact = (overrides: Partial<Contact>): Contact => ({
  id: ADA,
  kind: 'customer',
  name: 'Adaeze Okoro',
  phone: '0803 555 0101',
  email: 'ada@example.ng',
  address: null,
  taxId: null,
  notes: null,
  archived: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...overrides,
});
const page = (items: Contact[]) => ({ items, total: items.length, page: 1, pageSize: 25 });

const CUSTOMERS = 'GET /api/v1/contacts?page=1&pageSize=25&kind=customer&archived=false';
const VENDORS = 'GET /api/v1/contacts?page=1&pageSize=25&kind=vendor&archived=false';

function renderList(canManage = true) {
  const view = renderRoutes(
    [
      { path: '/dashboard/contact', element: <ContactList canManage={canManage} /> },
      { path: '/dashboard/contact/customer/:id', element: <p>Customer page</p> },
    ],
    { initialEntries: ['/dashboard/contact'] },
  );
  return { ...view, user: userEvent.setup() };
}

describe('<ContactList />', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists customers linking to their page, and vendors in their tab', async () => {
    stubApi({
      [CUSTOMERS]: () =>
        jsonResponse(page([contact({}), contact({ id: NEW, name: 'Bola Ade', phone: null, archived: true })])),
      [VENDORS]: () => jsonResponse(page([contact({ id: OKAFOR, kind: 'vendor', name: 'Okafor Wholesale' })])),
    });
    const { user, router } = renderList();
    const rows = await screen.findAllByTestId('contact-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Adaeze Okoro' })).toHaveAttribute(
      'href',
      `/dashboard/contact/customer/${ADA}`,
    );
    expect(within(rows[0]!).getByText('0803 555 0101')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Archived')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Vendors' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=vendor'));
    expect(await screen.findByRole('link', { name: 'Okafor Wholesale' })).toHaveAttribute(
      'href',
      `/dashboard/contact/vendor/${OKAFOR}`,
    );
  });

  it('warns of a duplicate: offers the existing contact, and saves anyway when asked', async () => {
    const calls = stubApi({
      [CUSTOMERS]: () => jsonResponse(page([contact({})])),
      'POST /api/v1/contacts': [
        () =>
          jsonResponse(
            {
              type: 'about:blank',
              title: 'CONTACT_DUPLICATE',
              status: 409,
              code: 'CONTACT_DUPLICATE',
              detail: 'Adaeze Okoro already has this phone number',
              duplicates: [
                {
                  id: ADA,
                  kind: 'customer',
                  name: 'Adaeze Okoro',
                  phone: '0803 555 0101',
                  email: null,
                  matches: ['phone'],
                },
              ],
              errors: [{ field: 'phone', message: 'Another contact has this phone number' }],
            },
            409,
          ),
        () => jsonResponse(contact({ id: NEW, name: 'Ada Twin', phone: '+234 803 555 0101' }), 201),
      ],
    });
    const { user } = renderList();
    await screen.findAllByTestId('contact-row');
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ada Twin');
    await user.type(within(dialog).getByLabelText('Phone'), '+234 803 555 0101');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('Adaeze Okoro has the same phone');
    expect(within(warning).getByRole('link', { name: 'Open the existing contact' })).toHaveAttribute(
      'href',
      `/dashboard/contact/customer/${ADA}`,
    );
    await user.click(within(warning).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.key === 'POST /api/v1/contacts');
    expect(posts.map((c) => c.body)).toEqual([
      expect.objectContaining({
        kind: 'customer',
        name: 'Ada Twin',
        phone: '+234 803 555 0101',
        allowDuplicate: false,
      }),
      expect.objectContaining({ allowDuplicate: true }),
    ]);
  });

  it('checks the form with the contract before sending, and shows the API’s field errors in place', async () => {
    const calls = stubApi({
      [CUSTOMERS]: () => jsonResponse(page([])),
      'POST /api/v1/contacts': () =>
        problemResponse(400, 'VALIDATION_FAILED', 'Check the fields', [
          { field: 'taxId', message: 'This tax id is not valid' },
        ]),
    });
    const { user } = renderList();
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText('Enter the name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter an email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Chidi');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Tax id (TIN)'), '???');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText('This tax id is not valid')).toBeInTheDocument();
  });

  it('without contacts.manage: no adding, importing, exporting or row actions', async () => {
    stubApi({ [CUSTOMERS]: () => jsonResponse(page([contact({})])) });
    renderList(false);
    await screen.findAllByTestId('contact-row');
    expect(screen.queryByRole('button', { name: 'New customer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
