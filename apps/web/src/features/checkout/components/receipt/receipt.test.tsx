import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { receiptSchema } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../../test/api';
import { renderWithProviders } from '../../../../test/render';
import { toast } from '../../../../components/toast';
import { ReceiptView } from './receipt-view';
import { ReceiptPanel } from './receipt-panel';
import { ReceiptDialog } from './receipt-dialog';
import { RECEIPT_WIDTH_KEY } from './receipt-format';
import { receiptOf, SALE_ID } from './receipt-fixtures';

const RECEIPT = `GET /api/v1/sales/${SALE_ID}/receipt`;
const EMAIL = `POST /api/v1/sales/${SALE_ID}/receipt/email`;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<ReceiptView>', () => {
  it('prints the store, tax id, sale, date in the store’s zone, lines, tax by rate, totals, payments, change, barcode and footer', async () => {
    const receipt = receiptSchema.parse(receiptOf({ customerEmail: null }));
    renderWithProviders(<ReceiptView receipt={receipt} width="58" />);
    const slip = within(screen.getByRole('article', { name: 'Receipt LEK-S000042' }));
    expect(screen.getByRole('article')).toHaveAttribute('data-width', '58');
    expect(slip.getByText('Demo Mart Lekki Phase 1')).toBeInTheDocument();
    expect(slip.getByText('Open daily 8am to 9pm')).toBeInTheDocument();
    expect(slip.getByText('Admiralty Way, Lekki Phase 1, Lagos')).toBeInTheDocument();
    expect(slip.getByText('Tax ID TIN-12345678')).toBeInTheDocument();
    // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos, whatever zone the device is in.
    expect(slip.getByText('2 Mar 2026, 00:30')).toHaveAttribute('datetime', '2026-03-01T23:30:00.000Z');
    expect(slip.getByText('Mary Manager')).toBeInTheDocument();
    expect(slip.getByText('Ada Obi')).toBeInTheDocument();

    const row = (label: string | RegExp) => slip.getByText(label).parentElement!;
    expect(slip.getByText('Black Soap')).toBeInTheDocument();
    expect(row('2 × ₦1,075.00')).toHaveTextContent('₦2,150.00');
    expect(row('Discount')).toHaveTextContent('-₦50.00');
    expect(row('1.5 kg × ₦800.00')).toHaveTextContent('₦1,200.00');
    expect(row('Subtotal')).toHaveTextContent('₦3,350.00');
    expect(row('VAT 7.5% (incl.)')).toHaveTextContent('₦146.51');
    expect(row('TOTAL')).toHaveTextContent('₦3,300.00');
    expect(row('Card')).toHaveTextContent('₦1,000.00');
    expect(row('Ref')).toHaveTextContent('POS-778');
    expect(row('Cash')).toHaveTextContent('₦2,300.00');
    expect(row('Tendered')).toHaveTextContent('₦2,500.00');
    expect(row('CHANGE')).toHaveTextContent('₦200.00');
    expect(slip.getByText('Thank you! Returns within 7 days with this receipt.')).toBeInTheDocument();

    const barcode = slip.getByRole('img', { name: 'Barcode LEK-S000042' });
    // Code 128 of the number: start, 5 letters, code C, 3 digit pairs, check → 11 symbols of 3 bars, and
    // the stop's 4; drawn at once, with no library to load.
    expect(barcode.querySelectorAll('svg rect')).toHaveLength(37);
    expect(barcode).toHaveTextContent('LEK-S000042');
    // No logo: nothing asked for, nothing shown.
    expect(slip.queryByRole('img', { name: 'Demo Mart logo' })).toBeNull();
  });

  it('prints the business logo at the top when the business has one', async () => {
    const calls = stubApi({
      'GET /api/v1/business-profile/logo?v=3': () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:logo'), revokeObjectURL: vi.fn() }));
    const receipt = receiptSchema.parse(receiptOf({ customerEmail: null }));
    renderWithProviders(
      <ReceiptView receipt={{ ...receipt, business: { ...receipt.business, logoVersion: 3 } }} width="80" />,
    );
    const slip = within(screen.getByRole('article', { name: 'Receipt LEK-S000042' }));
    const logo = await slip.findByRole('img', { name: 'Demo Mart logo' });
    expect(logo).toHaveAttribute('src', 'blob:logo');
    // Above the store's name.
    expect(logo.compareDocumentPosition(slip.getByText('Demo Mart Lekki Phase 1'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(calls.map((c) => c.key)).toEqual(['GET /api/v1/business-profile/logo?v=3']);
  });
});

describe('<ReceiptPanel>', () => {
  it('shows the receipt and the change; Enter starts a new sale', async () => {
    stubApi({ [RECEIPT]: () => jsonResponse(receiptOf()) });
    const onNewSale = vi.fn();
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={onNewSale} />);
    expect(await screen.findByRole('heading', { name: 'Sale LEK-S000042 complete' })).toBeInTheDocument();
    expect(screen.getByTestId('change-to-give')).toHaveTextContent('Change ₦200.00');
    const newSale = screen.getByRole('button', { name: /New sale/ });
    expect(newSale).toHaveTextContent('Enter');
    expect(newSale).toHaveTextContent('N');
    await waitFor(() => expect(newSale).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onNewSale).toHaveBeenCalledTimes(1);
  });

  it('N starts a new sale, but not while typing the email address', async () => {
    stubApi({ [RECEIPT]: () => jsonResponse(receiptOf()) });
    const onNewSale = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={onNewSale} />);
    const email = await screen.findByLabelText('Email the receipt');
    await user.type(email, 'ann@example.com');
    expect(onNewSale).not.toHaveBeenCalled();
    await user.click(screen.getByRole('heading', { name: /complete/ }));
    await user.keyboard('n');
    expect(onNewSale).toHaveBeenCalledTimes(1);
  });

  it('remembers the paper width, prints, and downloads the PDF of that width', async () => {
    const calls = stubApi({
      [RECEIPT]: () => jsonResponse(receiptOf()),
      [`GET /api/v1/sales/${SALE_ID}/receipt.pdf?width=58`]: () =>
        new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const createObjectURL = vi.fn(() => 'blob:receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const show = vi.spyOn(toast, 'show');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={vi.fn()} />);
    await screen.findByRole('heading', { name: /complete/ });

    await user.click(screen.getByRole('radio', { name: '58 mm' }));
    expect(localStorage.getItem(RECEIPT_WIDTH_KEY)).toBe('58');
    // The print copy (alone on the printed page) follows the choice, and sizes the page.
    const printCopy = screen.getByTestId('receipt-print-copy');
    expect(within(printCopy).getByRole('article')).toHaveAttribute('data-width', '58');
    expect(printCopy.querySelector('style')!.textContent).toContain('@page { size: 58mm auto; margin: 0; }');

    await user.click(screen.getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(show.mock.calls.length + click.mock.calls.length).toBeGreaterThan(0));
    expect(show).not.toHaveBeenCalled();
    expect(click).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.key)).toContain(`GET /api/v1/sales/${SALE_ID}/receipt.pdf?width=58`);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('LEK-S000042.pdf');
  });

  it('mails the receipt to the customer’s address (prefilled) and says where it went; shows the API’s field error', async () => {
    const calls = stubApi({
      [RECEIPT]: () => jsonResponse(receiptOf({ customerEmail: 'ada@example.com' })),
      [EMAIL]: [
        () =>
          problemResponse(400, 'VALIDATION_FAILED', 'Check the fields', [
            { field: 'email', message: 'Not deliverable' },
          ]),
        () => jsonResponse({ queued: true }, 202),
      ],
    });
    const user = userEvent.setup();
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={vi.fn()} />);
    const email = await screen.findByLabelText('Email the receipt');
    expect(email).toHaveValue('ada@example.com');

    await user.clear(email);
    await user.type(email, 'nope{Enter}');
    expect(await screen.findByText('Enter an email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === EMAIL)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'ada@example.com{Enter}');
    expect(await screen.findByText('Not deliverable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to ada@example.com')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === EMAIL).map((c) => c.body)).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com' },
    ]);
  });
});

describe('<ReceiptDialog>', () => {
  it('loads the receipt only when opened, for a reprint, without "New sale"', async () => {
    const calls = stubApi({ [RECEIPT]: () => jsonResponse(receiptOf()) });
    function Reprint() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button onClick={() => setOpened(true)}>Reprint</button>
          <ReceiptDialog saleId={SALE_ID} opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    renderWithProviders(<Reprint />);
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reprint' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('article', { name: 'Receipt LEK-S000042' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /New sale/ })).not.toBeInTheDocument();
  });

  it('marks the reprint COPY on screen and in print, and downloads the PDF marked COPY', async () => {
    const pdfKey = `GET /api/v1/sales/${SALE_ID}/receipt.pdf?width=80&copy=true`;
    const calls = stubApi({
      [RECEIPT]: () => jsonResponse(receiptOf()),
      [pdfKey]: () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      [EMAIL]: () => jsonResponse({ queued: true }, 202),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<ReceiptDialog saleId={SALE_ID} opened onClose={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog'));
    const slip = await dialog.findByRole('article', { name: 'Receipt LEK-S000042' });
    expect(within(slip).getByTestId('receipt-copy-mark')).toHaveTextContent('COPY');
    expect(within(screen.getByTestId('receipt-print-copy')).getByTestId('receipt-copy-mark')).toHaveTextContent('COPY');

    await userEvent.click(dialog.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.key)).toContain(pdfKey);

    // Mailed from the reprint, the receipt is a copy too.
    await userEvent.type(dialog.getByLabelText('Email the receipt'), 'ada@example.com{Enter}');
    expect(await dialog.findByText('Sent to ada@example.com')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === EMAIL).map((c) => c.body)).toEqual([{ email: 'ada@example.com', copy: true }]);
  });
});

describe('the original receipt, right after the sale', () => {
  it('is not marked COPY, on screen or in print', async () => {
    stubApi({ [RECEIPT]: () => jsonResponse(receiptOf()) });
    renderWithProviders(<ReceiptPanel saleId={SALE_ID} onNewSale={vi.fn()} />);
    await screen.findByRole('heading', { name: /complete/ });
    expect(screen.getAllByRole('article', { name: 'Receipt LEK-S000042' })).toHaveLength(2);
    expect(screen.queryByTestId('receipt-copy-mark')).not.toBeInTheDocument();
    expect(screen.queryByText(/COPY/)).not.toBeInTheDocument();
  });
});
