import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { ContactPicker } from './contact-picker';
import { contactOf, contactSearch, contactsPage } from './picker-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const dangote = contactOf();
const olu = contactOf({
  id: '0190a6a0-0000-7000-8000-00000000c002',
  name: 'Olu Wholesale',
  phone: null,
  email: 'olu@wholesale.test',
});

describe('ContactPicker', () => {
  it('names the chosen contact, searches only its kind, and picks with the keyboard', async () => {
    const calls = stubApi({
      [`GET /api/v1/contacts/${dangote.id}`]: () => jsonResponse(dangote),
      [contactSearch('vendor')]: () => jsonResponse(contactsPage(dangote, olu)),
      [contactSearch('vendor', 'olu')]: () => jsonResponse(contactsPage(olu)),
    });
    const onChange = vi.fn();
    renderWithProviders(<ContactPicker kind="vendor" label="Vendor" value={dangote.id} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Vendor' });
    await waitFor(() => expect(input).toHaveValue('Dangote Foods'));
    await userEvent.clear(input);
    await userEvent.type(input, 'olu');
    const option = await screen.findByRole('option', { name: /Olu Wholesale/, hidden: true });
    expect(option).toHaveTextContent('olu@wholesale.test');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Dangote/, hidden: true })).toBeNull());
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(olu.id);
    expect(calls.every((c) => !c.url.includes('kind=customer'))).toBe(true);
  });

  it('says when no contact matches, and Enter then does not submit the form', async () => {
    stubApi({
      [contactSearch('customer')]: () => jsonResponse(contactsPage()),
      [contactSearch('customer', 'zz')]: () => jsonResponse(contactsPage()),
    });
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <ContactPicker kind="customer" label="Customer" value={null} onChange={() => {}} />
      </form>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer' }), 'zz');
    expect(await screen.findByText('No customer matches')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
