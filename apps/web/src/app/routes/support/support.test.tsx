import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi, type ApiHandler } from '../../../test/api';
import { BUSINESS_ID, LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes, testConfig } from '../../../test/render';
import { SupportRoute } from './support';

/** jsdom has no clipboard: an own property of navigator stands in, removed after each test. */
const stubClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const cashier = { ...reportingStore, roleName: 'IPOS_BASIC', permissions: ['checkout.sell' as const] };

function show(routes: Record<string, ApiHandler | ApiHandler[]> = {}) {
  localStorage.setItem('store-id', LEKKI_ID);
  const calls = stubApi({ 'GET /api/v1/stores/current': () => jsonResponse(cashier), ...routes });
  renderRoutes(
    [
      {
        path: '/dashboard/support',
        element: (
          <>
            <SupportRoute />
            <ToastViewport />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/support'], config: testConfig({ version: '1.4.2', environment: 'production' }) },
  );
  return { calls, user: userEvent.setup() };
}

const created = {
  id: '0190a6a0-0000-7000-8000-00000000f00d',
  reference: 'SUP-0000F00D',
  createdAt: '2026-11-25T17:00:00Z',
};

describe('the support screen', () => {
  it('has a help centre for the everyday jobs, with the register’s real shortcuts', async () => {
    const { user } = show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and support' })).toBeInTheDocument();
    for (const topic of [
      'Open a register',
      'Make a sale',
      'Close a register at the end of the day',
      'Refund or void a sale',
      'Receive stock',
      'Keyboard shortcuts',
    ])
      expect(screen.getByRole('button', { name: topic })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const table = await screen.findByRole('table', { name: 'Keyboard shortcuts' });
    const pay = within(table).getByRole('row', { name: /Pay Register/ });
    expect(pay).toHaveTextContent('F9');
    expect(within(table).getByRole('row', { name: /Print the receipt/ })).toHaveTextContent('P');
    await user.click(screen.getByRole('button', { name: 'Close a register at the end of the day' }));
    // The panel opens with a transition: visible once it has run (longer on a loaded machine).
    const closing = await screen.findByText(/choose Close register and count the cash in the drawer/);
    await waitFor(() => expect(closing).toBeVisible());
  });

  it('shows the system information of the active store, and copies it', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    const { user } = show();
    // After userEvent.setup(), which puts its own clipboard on navigator.
    stubClipboard(writeText);
    const info = await screen.findByRole('table', { name: 'System information' });
    await waitFor(() => expect(info).toHaveTextContent(`Demo Mart (${BUSINESS_ID})`));
    expect(within(info).getByRole('row', { name: /App version/ })).toHaveTextContent('iPos 1.4.2 (production)');
    expect(within(info).getByRole('row', { name: /^Store/ })).toHaveTextContent(`Lekki, LEK (${LEKKI_ID})`);
    expect(within(info).getByRole('row', { name: /Your role/ })).toHaveTextContent('IPOS_BASIC');
    await user.click(screen.getByRole('button', { name: 'Copy system information' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]![0] as string;
    expect(copied).toContain('App version: iPos 1.4.2 (production)');
    expect(copied).toContain(`Business: Demo Mart (${BUSINESS_ID})`);
    expect(copied).toContain(`Store: Lekki, LEK (${LEKKI_ID})`);
    expect(await screen.findByText('System information copied.')).toBeInTheDocument();
  });

  it('says so when the browser refuses to copy', async () => {
    const writeText = vi.fn(async (_text: string) => Promise.reject(new Error('denied')));
    const { user } = show();
    // After userEvent.setup(), which puts its own clipboard on navigator.
    stubClipboard(writeText);
    await user.click(await screen.findByRole('button', { name: 'Copy system information' }));
    expect(await screen.findByText('Could not copy')).toBeInTheDocument();
  });

  it('checks the message before sending it', async () => {
    const { calls, user } = show();
    const form = await screen.findByRole('form', { name: 'Contact support' });
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Hi');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Write a short subject')).toBeInTheDocument();
    expect(within(form).getByText('Choose what it is about')).toBeInTheDocument();
    expect(within(form).getByText('Tell us a little more (at least 10 characters)')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/v1/support/requests')).toBe(false);
  });

  it('sends the message with the system information, thanks with the reference and empties the form', async () => {
    const { calls, user } = show({ 'POST /api/v1/support/requests': () => jsonResponse(created, 201) });
    const form = await screen.findByRole('form', { name: 'Contact support' });
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Printer prints blank pages');
    await user.click(within(form).getByRole('combobox', { name: 'What is it about?' }));
    await user.click(await screen.findByRole('option', { name: 'Something is not working', hidden: true }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Message' }),
      'The receipt printer at till 2 feeds blank paper.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Your reference is SUP-0000F00D. We answer by email.')).toBeInTheDocument();
    const sent = calls.find((c) => c.key === 'POST /api/v1/support/requests')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      subject: 'Printer prints blank pages',
      category: 'problem',
      message: 'The receipt printer at till 2 feeds blank paper.',
      systemInfo: { appVersion: '1.4.2', environment: 'production', page: '/' },
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(''));
    expect(screen.queryByText('Write a short subject')).toBeNull();
  });

  it('shows the API’s refusal: field errors beside their fields, anything else as a toast', async () => {
    const { user } = show({
      'POST /api/v1/support/requests': [
        () =>
          problemResponse(400, 'VALIDATION_FAILED', 'message: too long', [
            { field: 'message', message: 'At most 5000 characters' },
          ]),
        () => problemResponse(429, 'RATE_LIMITED', 'Too many requests'),
      ],
    });
    const form = await screen.findByRole('form', { name: 'Contact support' });
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Stock counts');
    await user.click(within(form).getByRole('combobox', { name: 'What is it about?' }));
    await user.click(await screen.findByRole('option', { name: 'A question about using iPos', hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'How do I count only one shelf?');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('At most 5000 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many attempts; wait a few minutes')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('Stock counts');
  });
});
