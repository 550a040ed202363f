import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSession } from '@ipos/contracts';
import { jsonResponse } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openRegisterSession } from '../test/register-fixtures';
import { RegisterGate } from './register-gate';

function session(n: number, registerName: string): RegisterSession {
  return openRegisterSession({ id: `0190a6a0-0000-7000-8000-0000000000e${n}`, registerName });
}

/** The API as the gate uses it: the store's open sessions, and opening one (answered with what was sent). */
function fakeApi(open: RegisterSession[]) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (pathname !== '/api/v1/register-sessions') throw new Error(`unexpected ${method} ${url}`);
      if (method === 'GET') {
        expect(searchParams.get('status')).toBe('open');
        return jsonResponse({ items: open, total: open.length, page: 1, pageSize: 100, totalCapped: false });
      }
      const body = JSON.parse(String(init?.body)) as { registerName: string; openingFloatMinor: number };
      posted.push(body);
      return jsonResponse({ ...session(9, body.registerName), openingFloatMinor: body.openingFloatMinor }, 201);
    }),
  );
  return posted;
}

function renderGate() {
  const onEnter = vi.fn<(s: RegisterSession) => void>();
  renderWithProviders(<RegisterGate storeId={LEKKI_ID} currency="NGN" onEnter={onEnter} />);
  const form = within(screen.getByRole('form', { name: 'Open a register' }));
  return { form, onEnter, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('<RegisterGate>', () => {
  it("shows per open register the sales its till's device last said it holds, and when", async () => {
    const reportedAt = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    fakeApi([
      {
        ...session(1, 'Till 1'),
        deviceReport: { pendingSales: 4, needsAttention: 1, lastSyncedAt: null, reportedAt },
      },
      { ...session(2, 'Till 2'), deviceReport: { pendingSales: 0, needsAttention: 0, lastSyncedAt: null, reportedAt } },
      session(3, 'Till 3'),
    ]);
    renderGate();
    const table = await screen.findByRole('table', { name: 'Open registers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByTestId('device-report')).toHaveTextContent(
      '4 sales waiting on the till · 1 sale needs attention · reported 3 min ago',
    );
    expect(within(rows[1]!).getByTestId('device-report')).toHaveTextContent(
      'No sales waiting on the till · reported 3 min ago',
    );
    expect(within(rows[2]!).queryByTestId('device-report')).toBeNull();
  });

  it('reads the open registers again every 30 s while shown, so the device reports stay current', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeApi([session(1, 'Till 1')]);
      renderGate();
      await screen.findByRole('button', { name: 'Use this register: Till 1' });
      const reads = () => vi.mocked(fetch).mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').length;
      expect(reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(reads()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('suggests the first "Till N" no open register uses (whatever its case), and opens it', async () => {
    const posted = fakeApi([session(1, 'Till 1'), session(2, 'TILL 2'), session(4, 'Till 4')]);
    const { form, onEnter, user } = renderGate();
    expect(await screen.findByRole('button', { name: 'Use this register: TILL 2' })).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText('Register name')).toHaveValue('Till 3'));

    await user.type(form.getByLabelText(/Counted float/), '0');
    await user.click(form.getByRole('button', { name: 'Open register' }));
    await waitFor(() => expect(onEnter).toHaveBeenCalledTimes(1));
    expect(posted).toEqual([{ registerName: 'Till 3', openingFloatMinor: 0 }]);
  });

  it('suggests "Till 1" when it is free, and keeps a name the cashier typed', async () => {
    const posted = fakeApi([session(2, 'Till 2')]);
    const { form, user } = renderGate();
    expect(await screen.findByRole('button', { name: 'Use this register: Till 2' })).toBeInTheDocument();
    const name = form.getByLabelText('Register name');
    expect(name).toHaveValue('Till 1');

    await user.clear(name);
    await user.type(name, 'Back counter');
    await user.type(form.getByLabelText(/Counted float/), '50');
    await user.click(form.getByRole('button', { name: 'Open register' }));
    await waitFor(() => expect(posted).toEqual([{ registerName: 'Back counter', openingFloatMinor: 5_000 }]));
  });
});
