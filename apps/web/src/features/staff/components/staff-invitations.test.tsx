import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffInvitation } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { StaffInvitations } from './staff-invitations';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.hide();
});

const invitation = (n: number, overrides: Partial<StaffInvitation> = {}): StaffInvitation => ({
  id: `0190a6a0-0000-7000-8000-00000000040${n}`,
  email: `person${n}@people.ipos.test`,
  name: `Person ${n}`,
  phone: null,
  role: { id: '0190a6a0-0000-7000-8000-000000000202', name: 'IPOS_BASIC', isSystem: true },
  stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK' }],
  status: 'pending',
  invitedAt: '2026-03-14T12:00:00Z',
  expiresAt: '2026-03-28T12:00:00Z',
  respondedAt: null,
  version: 1,
  ...overrides,
});
const waiting = invitation(1);
const expired = invitation(2, {
  status: 'expired',
  invitedAt: '2026-02-01T12:00:00Z',
  expiresAt: '2026-02-15T12:00:00Z',
});
const declined = invitation(3, { status: 'declined', respondedAt: '2026-03-15T12:00:00Z' });
const LIST = 'GET /api/v1/staff/invitations';
const list =
  (...items: StaffInvitation[]) =>
  () =>
    jsonResponse({ items });

function show() {
  return {
    user: userEvent.setup(),
    ...renderWithProviders(
      <>
        <StaffInvitations />
        <ToastViewport />
      </>,
    ),
  };
}

const rowOf = (email: string) => screen.getAllByTestId('invitation-row').find((r) => r.textContent?.includes(email))!;

describe('the staff invitations section', () => {
  it('lists each invitation with its status, invited date and expiry; only open ones offer re-send and withdraw', async () => {
    stubApi({ [LIST]: list(waiting, expired, declined) });
    show();
    const rows = await screen.findAllByTestId('invitation-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Person 1person1@people.ipos.test',
        'Basic user',
        'Lekki',
        'Waiting for an answer',
        '14 Mar 2026',
        '28 Mar 2026',
        'Re-sendWithdraw',
      ],
      [
        'Person 2person2@people.ipos.test',
        'Basic user',
        'Lekki',
        'Expired',
        '1 Feb 2026',
        '15 Feb 2026',
        'Re-sendWithdraw',
      ],
      ['Person 3person3@people.ipos.test', 'Basic user', 'Lekki', 'Declined15 Mar 2026', '14 Mar 2026', '—', ''],
    ]);
    expect(
      within(rows[0]!).getByRole('button', { name: 'Re-send the invitation to person1@people.ipos.test' }),
    ).toBeVisible();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Invitations' })).toHaveAttribute('id', 'invitations');
  });

  it('says when there is none, and when the list could not load, with a retry', async () => {
    stubApi({
      [LIST]: [() => problemResponse(500, 'INTERNAL', 'boom'), list()],
    });
    const { user } = show();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the invitations');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open invitations')).toBeInTheDocument();
  });

  it('re-sends at the version read, showing it is under way, and says until when it lasts', async () => {
    let answer!: (response: Response) => void;
    const calls = stubApi({
      [LIST]: [list(expired), list({ ...expired, status: 'pending', expiresAt: '2026-04-02T12:00:00Z', version: 2 })],
      [`POST /api/v1/staff/invitations/${expired.id}/resend`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response,
    });
    const { user } = show();
    await screen.findAllByTestId('invitation-row');
    const resend = screen.getByRole('button', { name: `Re-send the invitation to ${expired.email}` });
    await user.click(resend);
    await waitFor(() => expect(resend).toHaveAttribute('data-loading', 'true'));
    answer(jsonResponse({ ...expired, status: 'pending', expiresAt: '2026-04-02T12:00:00Z', version: 2 }));
    expect(
      await screen.findByText('The invitation went to person2@people.ipos.test again; it lasts until 2 Apr 2026.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 1 });
    // The list is read again: the invitation waits once more.
    await waitFor(() => expect(rowOf(expired.email)).toHaveTextContent('Waiting for an answer'));
  });

  it('withdraws only after a confirmation', async () => {
    const calls = stubApi({
      [LIST]: [list(waiting, expired), list(expired)],
      [`POST /api/v1/staff/invitations/${waiting.id}/withdraw`]: () =>
        jsonResponse({ ...waiting, status: 'withdrawn', version: 2 }),
    });
    const { user } = show();
    await screen.findAllByTestId('invitation-row');
    await user.click(screen.getByRole('button', { name: `Withdraw the invitation to ${waiting.email}` }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation to Person 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Withdraw the invitation to ${waiting.email}` }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation to Person 1?' });
    expect(dialog).toHaveTextContent('person1@people.ipos.test can no longer accept it');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The invitation to person1@people.ipos.test is withdrawn.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 1 });
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when someone else changed or answered the invitation meanwhile, and shows it as it is now', async () => {
    stubApi({
      [LIST]: [list(waiting, expired), list({ ...waiting, version: 2 }, expired), list({ ...waiting, version: 2 })],
      [`POST /api/v1/staff/invitations/${waiting.id}/resend`]: () =>
        problemResponse(409, 'VERSION_CONFLICT', 'this invitation was changed'),
      [`POST /api/v1/staff/invitations/${expired.id}/withdraw`]: () =>
        problemResponse(410, 'INVITATION_INVALID', 'This invitation was already accepted'),
    });
    const { user } = show();
    await screen.findAllByTestId('invitation-row');
    await user.click(screen.getByRole('button', { name: `Re-send the invitation to ${waiting.email}` }));
    expect(
      await screen.findByText(
        'Someone else changed the invitation to person1@people.ipos.test meanwhile; the list now shows it as it is.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Withdraw the invitation to ${expired.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation to Person 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText(
        'The invitation to person2@people.ipos.test was already answered or withdrawn; the list now shows it as it is.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('invitation-row')).toHaveLength(1));
  });
});
