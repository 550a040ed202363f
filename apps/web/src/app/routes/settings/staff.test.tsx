import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActiveStore, StaffInvitation, StaffMember, StaffOptions } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { IKEJA_ID, LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { UsersAndPermissionsRoute } from './users-and-permissions';
import { CreateStaffRoute } from './staff/create';
import { StaffMemberRoute } from './staff/view';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const manager: ActiveStore = {
  ...reportingStore,
  roleName: 'IPOS_MANAGER_USER',
  permissions: ['dashboard.view', 'settings.staff', 'staff.pin-reset'],
};
const role = (n: number, name: string, assignable: boolean) => ({
  id: `0190a6a0-0000-7000-8000-00000000020${n}`,
  name,
  isSystem: name.startsWith('IPOS_'),
  assignable,
});
const roles = [
  role(1, 'IPOS_ADMIN', false),
  role(2, 'IPOS_BASIC', true),
  role(3, 'IPOS_MANAGER_USER', true),
  role(4, 'Night shift', true),
];
const options: StaffOptions = {
  roles,
  stores: [
    { id: IKEJA_ID, name: 'Ikeja', alias: 'IKJ', manageable: false },
    { id: LEKKI_ID, name: 'Lekki', alias: 'LEK', manageable: true },
  ],
};
const person = (overrides: Partial<StaffMember> = {}): StaffMember => ({
  accountId: '0190a6a0-0000-7000-8000-000000000301',
  name: 'Amina Yusuf',
  email: 'amina@demo.ipos.test',
  phone: '+234 801 000 0001',
  role: { id: roles[1]!.id, name: 'IPOS_BASIC', isSystem: true },
  stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK' }],
  status: 'active',
  isOwner: false,
  hasPin: true,
  isPinLocked: false,
  invitedAt: null,
  version: 2,
  ...overrides,
});
const amina = person();
const STAFF = '/dashboard/settings/users-and-permissions';
const noInvitations = () => jsonResponse({ items: [] });
const invitationOf = (overrides: Partial<StaffInvitation> = {}): StaffInvitation => ({
  id: '0190a6a0-0000-7000-8000-000000000401',
  email: 'amina2@demo.ipos.test',
  name: 'Amina Yusuf',
  phone: null,
  role: { id: roles[3]!.id, name: 'Night shift', isSystem: false },
  stores: [{ id: LEKKI_ID, name: 'Lekki', alias: 'LEK' }],
  status: 'pending',
  invitedAt: '2026-03-14T12:00:00Z',
  expiresAt: '2026-03-28T12:00:00Z',
  respondedAt: null,
  version: 1,
  ...overrides,
});

function show(path: string) {
  localStorage.setItem('store-id', LEKKI_ID);
  const routes = [
    { path: STAFF, element: <UsersAndPermissionsRoute /> },
    { path: `${STAFF}/staff/create`, element: <CreateStaffRoute /> },
    { path: `${STAFF}/staff/:id`, element: <StaffMemberRoute /> },
  ].map((r) => ({
    ...r,
    element: (
      <>
        {r.element}
        <ToastViewport />
      </>
    ),
  }));
  return { user: userEvent.setup(), ...renderRoutes(routes, { initialEntries: [path] }) };
}

describe('users and permissions', () => {
  it('lists the staff with role, stores and status; filters go to the API and the address', async () => {
    const owner = person({
      accountId: '0190a6a0-0000-7000-8000-000000000302',
      name: 'Bola Owner',
      role: { id: roles[0]!.id, name: 'IPOS_ADMIN', isSystem: true },
      isOwner: true,
    });
    const invited = person({ accountId: '0190a6a0-0000-7000-8000-000000000303', name: 'Chi New', status: 'invited' });
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      'GET /api/v1/staff/options': () => jsonResponse(options),
      'GET /api/v1/staff?page=1&pageSize=25&status=all': () =>
        jsonResponse({ items: [amina, owner, invited], total: 3, page: 1, pageSize: 25 }),
      'GET /api/v1/staff?page=1&pageSize=25&status=invited': () =>
        jsonResponse({ items: [invited], total: 1, page: 1, pageSize: 25 }),
      'GET /api/v1/staff/invitations': noInvitations,
    });
    const { user, router } = show(STAFF);
    const rows = await screen.findAllByTestId('staff-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Amina Yusufamina@demo.ipos.test', 'Basic user', 'Lekki', 'Active'],
      ['Bola Owneramina@demo.ipos.test', 'Administrator', 'Lekki', 'ActiveOwner'],
      ['Chi Newamina@demo.ipos.test', 'Basic user', 'Lekki', 'Invited'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Amina Yusuf' })).toHaveAttribute(
      'href',
      `${STAFF}/staff/${amina.accountId}`,
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Invited', hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?status=invited');
    expect(calls.map((c) => c.key)).toContain('GET /api/v1/staff?page=1&pageSize=25&status=invited');
  });

  it('says when no one matches', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      'GET /api/v1/staff/options': () => jsonResponse(options),
      'GET /api/v1/staff?page=1&pageSize=25&search=zz&status=all': () =>
        jsonResponse({ items: [], total: 0, page: 1, pageSize: 25 }),
      'GET /api/v1/staff/invitations': noInvitations,
    });
    show(`${STAFF}?search=zz`);
    expect(await screen.findByText('No one matches these filters')).toBeInTheDocument();
  });

  it('invites a person: only what the manager may give is offered; sent, the screen says what happens next and shows no password', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      'GET /api/v1/staff/options': () => jsonResponse(options),
      'POST /api/v1/staff': [
        () =>
          problemResponse(409, 'STAFF_EXISTS', 'Amina already works in the business', [
            { field: 'email', message: 'Already on the staff of the business' },
          ]),
        () =>
          problemResponse(409, 'INVITATION_PENDING', 'amina1@demo.ipos.test has an invitation waiting', [
            { field: 'email', message: 'Already invited' },
          ]),
        () => jsonResponse(invitationOf(), 201),
      ],
    });
    const { user } = show(`${STAFF}/staff/create`);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Amina Yusuf');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'amina@demo.ipos.test');
    // The store where the manager works is ticked; Ikeja is not theirs to give.
    expect(screen.getByRole('checkbox', { name: 'Lekki (LEK)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ikeja (IKJ)' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(
      screen.getByRole('option', { name: /Administrator \(an administrator gives it\)/, hidden: true }),
    ).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Night shift', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Both conflicts are said beside the email, with what to do instead.
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Already on the staff; open their page/));
    await user.clear(email);
    await user.type(email, 'amina1@demo.ipos.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Already invited; re-send or withdraw/));
    await user.clear(email);
    await user.type(email, 'amina2@demo.ipos.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    const sent = await screen.findByTestId('invitation-sent');
    expect(sent).toHaveTextContent('Invitation sent to amina2@demo.ipos.test');
    expect(sent).toHaveTextContent('Someone new to iPos finds their sign-in password in that email.');
    expect(sent).toHaveTextContent('They accept the invitation at their next sign-in');
    expect(sent).toHaveTextContent('The invitation lasts 14 days, until 28 Mar 2026');
    expect(screen.queryByText(/[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the invitations' })).toHaveAttribute('href', `${STAFF}#invitations`);
    expect(calls.filter((c) => c.key === 'POST /api/v1/staff').map((c) => c.body)).toEqual([
      { name: 'Amina Yusuf', email: 'amina@demo.ipos.test', roleId: roles[3]!.id, storeIds: [LEKKI_ID] },
      { name: 'Amina Yusuf', email: 'amina1@demo.ipos.test', roleId: roles[3]!.id, storeIds: [LEKKI_ID] },
      { name: 'Amina Yusuf', email: 'amina2@demo.ipos.test', roleId: roles[3]!.id, storeIds: [LEKKI_ID] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Invite another' }));
    expect(await screen.findByRole('form', { name: 'New staff member' })).toBeInTheDocument();
  });

  it('changes the role at the version read, deactivates after a confirmation and resets the PIN', async () => {
    const asManager = person({ role: { id: roles[2]!.id, name: 'IPOS_MANAGER_USER', isSystem: true }, version: 3 });
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      'GET /api/v1/staff/options': () => jsonResponse(options),
      [`GET /api/v1/staff/${amina.accountId}`]: [
        () => jsonResponse(amina),
        () => jsonResponse(asManager),
        // Read again after the PIN reset, then after the deactivation.
        () => jsonResponse(asManager),
        () => jsonResponse(person({ status: 'inactive', version: 4 })),
      ],
      [`PUT /api/v1/staff/${amina.accountId}`]: () => jsonResponse(asManager),
      [`POST /api/v1/staff/${amina.accountId}/deactivate`]: () =>
        jsonResponse(person({ status: 'inactive', version: 4 })),
      [`POST /api/v1/staff/${amina.accountId}/pin/reset`]: () => new Response(null, { status: 204 }),
    });
    const { user } = show(`${STAFF}/staff/${amina.accountId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amina Yusuf' })).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Manager', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save role and stores' }));
    expect(await screen.findByText('Amina Yusuf is now Manager in Lekki.')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PUT'))!.body).toEqual({
      version: 2,
      roleId: roles[2]!.id,
      storeIds: [LEKKI_ID],
    });

    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    expect(await screen.findByText('Amina Yusuf creates a new PIN at their next sign-in.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Amina Yusuf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(/is deactivated: their next request to the business is refused/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.key.endsWith('/deactivate'))!.body).toEqual({ version: 3 });
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('re-sends the invitation of someone still on a default password: it is mailed, never shown', async () => {
    const invited = person({ status: 'invited', hasPin: false });
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      'GET /api/v1/staff/options': () => jsonResponse(options),
      [`GET /api/v1/staff/${invited.accountId}`]: () => jsonResponse(invited),
      [`POST /api/v1/staff/${invited.accountId}/invitation`]: () => jsonResponse({ ...invited, version: 3 }),
    });
    const { user } = show(`${STAFF}/staff/${invited.accountId}`);
    const resend = await screen.findByRole('button', { name: 'Re-send invitation' });
    // No PIN yet: nothing to reset.
    expect(screen.queryByRole('button', { name: 'Reset PIN' })).not.toBeInTheDocument();
    await user.click(resend);
    expect(await screen.findByText('A new default password was mailed to amina@demo.ipos.test.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ version: 2 });
    expect(screen.queryByTestId('default-password')).not.toBeInTheDocument();
  });

  it('shows the owner without the means to change them, and a missing person plainly', async () => {
    const owner = person({ isOwner: true, role: { id: roles[0]!.id, name: 'IPOS_ADMIN', isSystem: true } });
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(manager),
      'GET /api/v1/staff/options': () => jsonResponse(options),
      [`GET /api/v1/staff/${owner.accountId}`]: () => jsonResponse(owner),
      'GET /api/v1/staff/0190a6a0-0000-7000-8000-000000000399': () =>
        problemResponse(404, 'NOT_FOUND', 'The staff member was not found'),
    });
    const { router } = show(`${STAFF}/staff/${owner.accountId}`);
    expect(await screen.findByText(/owns the business: they are its administrator in every store/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save role and stores' })).not.toBeInTheDocument();
    await router.navigate(`${STAFF}/staff/0190a6a0-0000-7000-8000-000000000399`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff member not found' })).toBeInTheDocument();
  });
});
