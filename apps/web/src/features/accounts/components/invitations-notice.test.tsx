import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, MyInvitation } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, testMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { useMe } from '../api/get-me';
import { InvitationsNotice } from './invitations-notice';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.hide();
});

const probe: MyInvitation = {
  id: '0190a6a0-0000-7000-8000-000000000501',
  businessName: 'Probe Traders',
  roleName: 'IPOS_MANAGER_USER',
  stores: [
    { name: 'Allen Avenue', alias: 'ALN' },
    { name: 'Yaba', alias: 'YAB' },
  ],
  invitedByName: 'Kemi Probe',
  invitedAt: '2026-03-14T12:00:00Z',
  expiresAt: '2026-03-28T12:00:00Z',
};
const kiosk: MyInvitation = { ...probe, id: '0190a6a0-0000-7000-8000-000000000502', businessName: 'Kiosk Ltd' };
const LIST = 'GET /api/v1/me/invitations';
const ACCEPT = `POST /api/v1/me/invitations/${probe.id}/accept`;
const DECLINE = `POST /api/v1/me/invitations/${probe.id}/decline`;
const joined = { businessId: '0190a6a0-0000-7000-8000-0000000005bb', storeIds: [LEKKI_ID] };
const storeless: Me = testMe({ memberships: [] });
const member: Me = testMe({
  memberships: [
    {
      storeId: LEKKI_ID,
      storeName: 'Lekki',
      storeAlias: 'LEK',
      businessId: joined.businessId,
      businessName: 'Probe Traders',
      currency: 'NGN',
      roleName: 'IPOS_MANAGER_USER',
      permissions: ['dashboard.view'],
    },
  ],
});

/** The store list as the frame's switcher reads it (GET /me). */
function StoreCount() {
  const me = useMe();
  return <p data-testid="store-count">{me.data?.memberships.length ?? '…'}</p>;
}

function show(showLoadError = false) {
  const onJoined = vi.fn();
  const utils = renderWithProviders(
    <>
      <StoreCount />
      <InvitationsNotice showLoadError={showLoadError} onJoined={onJoined} />
      <ToastViewport />
    </>,
  );
  return { user: userEvent.setup(), onJoined, ...utils };
}

const card = (business: string) => screen.getByRole('article', { name: `${business} invites you to its staff` });

describe('the invitations notice', () => {
  it('shows who invites, as what, where, by whom and until when; accepting reads the stores again, then says so', async () => {
    const calls = stubApi({
      'GET /api/v1/me': [() => jsonResponse(storeless), () => jsonResponse(member)],
      [LIST]: () => jsonResponse({ items: [probe, kiosk] }),
      [ACCEPT]: () => jsonResponse(joined),
    });
    const { user, onJoined } = show();
    expect(await screen.findByRole('region', { name: 'Invitations waiting for your answer' })).toBeInTheDocument();
    const offer = card('Probe Traders');
    expect(offer).toHaveTextContent('As Manager in Allen Avenue (ALN), Yaba (YAB)');
    expect(offer).toHaveTextContent('Invited by Kemi Probe on 14 Mar 2026; open until 28 Mar 2026');
    expect(screen.getByTestId('store-count')).toHaveTextContent('0');

    await user.click(within(offer).getByRole('button', { name: 'Accept the invitation from Probe Traders' }));
    expect(await screen.findByText('You joined Probe Traders.')).toBeInTheDocument();
    // The account was read again before the notice said so: the new stores are in the switcher.
    expect(screen.getByTestId('store-count')).toHaveTextContent('1');
    expect(calls.map((c) => c.key)).toEqual(['GET /api/v1/me', LIST, ACCEPT, 'GET /api/v1/me']);
    expect(onJoined).toHaveBeenCalledWith(joined);
    expect(screen.queryByRole('article', { name: /Probe Traders/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'An invitation is waiting for your answer' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'An invitation is waiting for your answer' })).toHaveFocus(),
    );
  });

  it('declines only after a confirmation, from the keyboard', async () => {
    const calls = stubApi({
      'GET /api/v1/me': () => jsonResponse(member),
      [LIST]: () => jsonResponse({ items: [probe] }),
      [DECLINE]: () => jsonResponse(null, 204),
    });
    const { user, onJoined } = show();
    const decline = await screen.findByRole('button', { name: 'Decline the invitation from Probe Traders' });
    decline.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'Decline the invitation from Probe Traders?' });
    expect(dialog).toHaveTextContent('Probe Traders is told that you declined; nothing else changes.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key === DECLINE)).toBe(false);

    await user.click(decline);
    dialog = await screen.findByRole('dialog', { name: 'Decline the invitation from Probe Traders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the invitation from Probe Traders.')).toBeInTheDocument();
    expect(screen.queryByTestId('my-invitations')).not.toBeInTheDocument();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('removes an invitation that is no longer open and says why', async () => {
    stubApi({
      'GET /api/v1/me': () => jsonResponse(member),
      [LIST]: () => jsonResponse({ items: [probe] }),
      [ACCEPT]: () =>
        problemResponse(410, 'INVITATION_INVALID', 'This invitation was withdrawn, answered or has expired'),
    });
    const { user, onJoined } = show();
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation from Probe Traders' }));
    expect(await screen.findByText('The invitation from Probe Traders is no longer open')).toBeInTheDocument();
    expect(screen.getByText(/It was withdrawn, answered or has expired/)).toBeInTheDocument();
    expect(screen.queryByTestId('my-invitations')).not.toBeInTheDocument();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it('keeps the card when the answer did not arrive, and tries again', async () => {
    const calls = stubApi({
      'GET /api/v1/me': () => jsonResponse(member),
      [LIST]: () => jsonResponse({ items: [probe] }),
      [ACCEPT]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => jsonResponse(joined),
      ],
    });
    const { user, onJoined } = show();
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation from Probe Traders' }));
    const failure = await within(card('Probe Traders')).findByRole('alert');
    expect(failure).toHaveTextContent('Your answer did not reach iPos');
    expect(failure).toHaveTextContent('No connection to iPos; check the network and try again');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You joined Probe Traders.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === ACCEPT)).toHaveLength(2);
    expect(onJoined).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without invitations; a failed list only where an invitation is the way in', async () => {
    stubApi({
      'GET /api/v1/me': () => jsonResponse(member),
      [LIST]: () => jsonResponse({ items: [] }),
    });
    const quiet = show();
    await waitFor(() => expect(screen.getByTestId('store-count')).toHaveTextContent('1'));
    expect(screen.queryByTestId('my-invitations')).not.toBeInTheDocument();
    quiet.unmount();

    stubApi({
      'GET /api/v1/me': () => jsonResponse(storeless),
      [LIST]: [() => problemResponse(500, 'INTERNAL', 'boom'), () => jsonResponse({ items: [probe] })],
    });
    const { user } = show(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your invitations');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Probe Traders invites you to its staff' })).toBeInTheDocument();
  });
});
