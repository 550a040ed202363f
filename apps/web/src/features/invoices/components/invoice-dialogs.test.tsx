import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderWithProviders } from '../../../test/render';
import { INVOICE_ID, invoiceOf } from '../test/invoice-fixtures';
import { EmailInvoiceDialog, VoidInvoiceDialog } from './invoice-dialogs';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<VoidInvoiceDialog>', () => {
  it('asks for a reason, then voids with the version it was shown', async () => {
    const calls = stubApi({
      [`POST /api/v1/invoices/${INVOICE_ID}/void`]: () =>
        jsonResponse(invoiceOf({ status: 'void', state: 'void', balanceMinor: 0, version: 3 })),
    });
    const onClose = vi.fn();
    renderWithProviders(<VoidInvoiceDialog opened onClose={onClose} invoice={invoiceOf()} />);
    const dialog = within(screen.getByRole('dialog'));
    const user = userEvent.setup();
    expect(dialog.getByText(/Its products go back into stock/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Void invoice' }));
    expect(await dialog.findByText('Say why')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(dialog.getByLabelText(/^Reason/), 'Customer cancelled the order');
    await user.click(dialog.getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ version: 2, reason: 'Customer cancelled the order' });
  });

  it('says INVOICE_HAS_PAYMENTS in plain words and stays open', async () => {
    stubApi({
      [`POST /api/v1/invoices/${INVOICE_ID}/void`]: () =>
        problemResponse(409, 'INVOICE_HAS_PAYMENTS', 'This invoice has payments'),
    });
    const onClose = vi.fn();
    renderWithProviders(<VoidInvoiceDialog opened onClose={onClose} invoice={invoiceOf()} />);
    const dialog = within(screen.getByRole('dialog'));
    const user = userEvent.setup();
    await user.type(dialog.getByLabelText(/^Reason/), 'Wrong customer');
    await user.click(dialog.getByRole('button', { name: 'Void invoice' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This invoice has payments, so it cannot be voided');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('<EmailInvoiceDialog>', () => {
  it('starts from the customer’s email and sends to the address typed', async () => {
    const calls = stubApi({
      [`POST /api/v1/invoices/${INVOICE_ID}/email`]: (body) =>
        jsonResponse({ sentAt: '2026-11-22T10:00:00.000Z', to: (body as { to: string }).to }),
    });
    const onClose = vi.fn();
    renderWithProviders(<EmailInvoiceDialog opened onClose={onClose} invoice={invoiceOf()} />);
    const dialog = within(screen.getByRole('dialog'));
    const user = userEvent.setup();
    const to = dialog.getByLabelText(/^To/);
    expect(to).toHaveValue('ada@example.com');
    await user.clear(to);
    await user.type(to, 'not an address');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Enter an email address')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, 'Accounts@Obi.ng');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ to: 'accounts@obi.ng' });
  });
});
