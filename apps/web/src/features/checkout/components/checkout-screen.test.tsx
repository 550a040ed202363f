import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { systemRolePermissions, type ActiveStore, type RegisterSession, type SystemRoleName } from '@ipos/contracts';
import type { ReactNode } from 'react';
import { jsonResponse } from '../../../test/api';
import { BUSINESS_ID, IKEJA_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openRegisterSession } from '../test/register-fixtures';
import { CheckoutScreen } from './checkout-screen';

// The register itself has its own tests: here only its header (who may move cash or close) matters.
vi.mock('./register-screen', () => ({
  RegisterScreen: (props: { header: ReactNode }) => <div>{props.header}</div>,
}));

const CASHIER = { id: '0190a6a0-0000-7000-8000-0000000000c1', name: 'Dayo Cashier' };
const OWNER = { id: '0190a6a0-0000-7000-8000-0000000000c2', name: 'Ada Owner' };
const SESSION_ID = '0190a6a0-0000-7000-8000-0000000000e1';

const ikeja = (role: SystemRoleName): ActiveStore => ({
  id: IKEJA_ID,
  name: 'Ikeja',
  alias: 'IKJ',
  timeZone: 'Africa/Lagos',
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: role,
  permissions: [...systemRolePermissions[role]],
});

function sessionOf(openedBy: { id: string; name: string }, overrides: Partial<RegisterSession> = {}): RegisterSession {
  return openRegisterSession({ id: SESSION_ID, storeId: IKEJA_ID, openedBy, ...overrides });
}

/** The API as the checkout screen uses it, for `role` signed in as the cashier; `open` are the store's open tills. */
function fakeApi(role: SystemRoleName, open: RegisterSession[]) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (pathname === '/api/v1/stores/current') return jsonResponse(ikeja(role));
      if (pathname === '/api/v1/register-sessions' && method === 'GET')
        return jsonResponse({ items: open, total: open.length, page: 1, pageSize: 100, totalCapped: false });
      if (pathname === '/api/v1/register-sessions' && method === 'POST') {
        const body = JSON.parse(String(init?.body)) as { registerName: string; openingFloatMinor: number };
        posted.push(body);
        open.push(sessionOf(CASHIER, body));
        return jsonResponse(open.at(-1), 201);
      }
      const one = open.find((s) => pathname === `/api/v1/register-sessions/${s.id}`);
      if (one) return jsonResponse(one);
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('<CheckoutScreen>', () => {
  it('lets a cashier (IPOS_BASIC) open a register with the counted float and close it, not move cash', async () => {
    const posted = fakeApi('IPOS_BASIC', []);
    const user = userEvent.setup();
    renderWithProviders(<CheckoutScreen storeId={IKEJA_ID} accountId={CASHIER.id} />);
    const form = within(await screen.findByRole('form', { name: 'Open a register' }));
    expect(screen.queryByText('Ask a manager to open a register.')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('Counted float'), '5000');
    await user.click(form.getByRole('button', { name: 'Open register' }));

    expect(await screen.findByTestId('register-name')).toHaveTextContent('Till 1');
    expect(posted).toEqual([{ registerName: 'Till 1', openingFloatMinor: 500_000 }]);
    expect(await screen.findByRole('button', { name: 'Close register' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cash in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cash out' })).not.toBeInTheDocument();
  });

  it('sells on someone else’s till without closing it; a manager moves cash and closes any till', async () => {
    sessionStorage.setItem(`ipos.checkout.session.${IKEJA_ID}`, SESSION_ID);
    fakeApi('IPOS_BASIC', [sessionOf(OWNER)]);
    const first = renderWithProviders(<CheckoutScreen storeId={IKEJA_ID} accountId={CASHIER.id} />);
    expect(await screen.findByText(/Opened by Ada Owner/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cash in' })).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    fakeApi('IPOS_MANAGER_USER', [sessionOf(OWNER)]);
    renderWithProviders(<CheckoutScreen storeId={IKEJA_ID} accountId={CASHIER.id} />);
    expect(await screen.findByRole('button', { name: 'Close register' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cash in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cash out' })).toBeInTheDocument();
  });

  it('has every header action in its ⋯ menu too, where a narrow screen keeps those that do not fit', async () => {
    sessionStorage.setItem(`ipos.checkout.session.${IKEJA_ID}`, SESSION_ID);
    fakeApi('IPOS_BASIC', [sessionOf(CASHIER)]);
    const user = userEvent.setup();
    const first = renderWithProviders(<CheckoutScreen storeId={IKEJA_ID} accountId={CASHIER.id} />);
    await user.click(await screen.findByRole('button', { name: 'More register actions' }));
    const items = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(await items()).toEqual(['Close register', 'Switch register']);
    first.unmount();
    vi.unstubAllGlobals();

    fakeApi('IPOS_MANAGER_USER', [sessionOf(OWNER)]);
    renderWithProviders(<CheckoutScreen storeId={IKEJA_ID} accountId={CASHIER.id} />);
    await user.click(await screen.findByRole('button', { name: 'More register actions' }));
    expect(await items()).toEqual(['Cash in', 'Cash out', 'Close register', 'Switch register']);
    await user.click(screen.getByRole('menuitem', { name: 'Close register' }));
    expect(await screen.findByRole('dialog', { name: /Close/ })).toBeInTheDocument();
  });
});
