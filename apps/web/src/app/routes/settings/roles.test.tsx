import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  permissionGroups,
  storePermissions,
  systemRolePermissions,
  type ActiveStore,
  type Role,
} from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { RolesRoute } from './roles';
import { CreateRoleRoute } from './roles/create';
import { EditRoleRoute } from './roles/edit';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  toast.hide();
});

const admin: ActiveStore = { ...reportingStore, permissions: ['dashboard.view', 'settings.roles'] };
const id = (n: number) => `0190a6a0-0000-7000-8000-00000000010${n}`;
const system = (n: number, name: 'IPOS_ADMIN' | 'IPOS_MANAGER_USER' | 'IPOS_BASIC', members: number): Role => ({
  id: id(n),
  name,
  isSystem: true,
  permissions: [...systemRolePermissions[name]] as Role['permissions'],
  members,
  version: 1,
});
const nightShift: Role = {
  id: id(4),
  name: 'Night shift',
  isSystem: false,
  permissions: ['dashboard.view', 'checkout.sell'],
  members: 0,
  version: 3,
};
const supervisor: Role = { ...nightShift, id: id(5), name: 'Supervisor', members: 2 };
const roles = [
  system(1, 'IPOS_ADMIN', 1),
  system(2, 'IPOS_BASIC', 4),
  system(3, 'IPOS_MANAGER_USER', 1),
  nightShift,
  supervisor,
];

function show(path: string) {
  localStorage.setItem('store-id', LEKKI_ID);
  const routes = [
    { path: '/dashboard/settings/users-and-permissions/roles', element: <RolesRoute /> },
    { path: '/dashboard/settings/users-and-permissions', element: <h1>Staff list</h1> },
    { path: '/dashboard/settings/roles/create', element: <CreateRoleRoute /> },
    { path: '/dashboard/settings/roles/edit/:id/:name', element: <EditRoleRoute /> },
  ].map((r) => ({
    ...r,
    element: (
      <>
        {r.element}
        <ToastViewport />
      </>
    ),
  }));
  const rendered = renderRoutes(routes, { initialEntries: [path] });
  return { user: userEvent.setup(), ...rendered };
}

describe('roles', () => {
  it('lists system and custom roles with their members; only an unheld custom role may be deleted, after a confirmation', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/roles': [
        () => jsonResponse({ items: roles }),
        () => jsonResponse({ items: roles.filter((r) => r !== nightShift) }),
      ],
      [`DELETE /api/v1/roles/${nightShift.id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = show('/dashboard/settings/users-and-permissions/roles');
    const rows = await screen.findAllByTestId('role-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['AdministratorIPOS_ADMIN', 'System', `${storePermissions.length} of ${storePermissions.length}`, '1 person', ''],
      ['Basic userIPOS_BASIC', 'System', `9 of ${storePermissions.length}`, '4 people', ''],
      [
        'ManagerIPOS_MANAGER_USER',
        'System',
        `${systemRolePermissions.IPOS_MANAGER_USER.length} of ${storePermissions.length}`,
        '1 person',
        '',
      ],
      ['Night shift', 'Custom', `2 of ${storePermissions.length}`, '0 people', 'EditDelete'],
      ['Supervisor', 'Custom', `2 of ${storePermissions.length}`, '2 people', 'EditDelete'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Administrator' })).toHaveAttribute(
      'href',
      `/dashboard/settings/roles/edit/${id(1)}/IPOS_ADMIN`,
    );
    expect(within(rows[3]!).getByRole('link', { name: 'Edit Night shift' })).toHaveAttribute(
      'href',
      `/dashboard/settings/roles/edit/${nightShift.id}/Night%20shift`,
    );

    // Held by two people: nothing is asked or sent.
    await user.click(screen.getByRole('button', { name: 'Delete Supervisor' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Night shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await screen.findByText('Deleted the role Night shift.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('role-row')).toHaveLength(4));
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual([
      `DELETE /api/v1/roles/${nightShift.id}`,
    ]);
  });

  it('says so to a role without settings.roles, and asks nothing of the API', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse({ ...admin, permissions: ['dashboard.view', 'settings.staff'] }),
    });
    show('/dashboard/settings/users-and-permissions/roles');
    expect(await screen.findByText(/Your role does not allow managing roles/)).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/v1/stores/current']);
  });

  it('creates a role from the matrix: a whole area by its box, one permission by its own; a name taken shows on its field', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'POST /api/v1/roles': [
        () =>
          problemResponse(409, 'ROLE_NAME_TAKEN', 'A role named “Cashiers” already exists', [
            { field: 'name', message: 'Another role of the business has this name' },
          ]),
        () => jsonResponse({ ...nightShift, id: id(6), name: 'Till and stock' }, 201),
      ],
      'GET /api/v1/roles': () => jsonResponse({ items: roles }),
    });
    const { user } = show('/dashboard/settings/roles/create');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    // Nothing chosen: refused before sending.
    await user.type(name, 'Cashiers');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Choose at least one permission')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/v1/roles')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'All of Checkout' }));
    await user.click(screen.getByRole('checkbox', { name: /^See inventory/ }));
    expect(screen.getByRole('checkbox', { name: 'All of Inventory' })).toBePartiallyChecked();
    expect(screen.getByTestId('permission-count')).toHaveTextContent(`4 of ${storePermissions.length} chosen`);
    // Unticking one of a whole area leaves the rest.
    await user.click(screen.getByRole('checkbox', { name: /^Give discounts/ }));
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Another role of the business has this name')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Till and stock');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Created the role Till and stock.')).toBeInTheDocument();
    expect(await screen.findAllByTestId('role-row')).toHaveLength(5);
    expect(calls.filter((c) => c.key === 'POST /api/v1/roles').map((c) => c.body)).toEqual([
      { name: 'Cashiers', permissions: ['inventory.view', 'checkout.sell', 'checkout.register'] },
      { name: 'Till and stock', permissions: ['inventory.view', 'checkout.sell', 'checkout.register'] },
    ]);
  });

  it('edits a custom role at the version read and follows its new name in the address', async () => {
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      [`GET /api/v1/roles/${nightShift.id}`]: [
        () => jsonResponse(nightShift),
        () => jsonResponse({ ...nightShift, name: 'Late shift', permissions: ['dashboard.view'], version: 4 }),
      ],
      [`PUT /api/v1/roles/${nightShift.id}`]: () =>
        jsonResponse({ ...nightShift, name: 'Late shift', permissions: ['dashboard.view'], version: 4 }),
    });
    const { user, router } = show(`/dashboard/settings/roles/edit/${nightShift.id}/Night%20shift`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Night shift');
    expect(screen.getByRole('checkbox', { name: /^Sell/ })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Late shift');
    await user.click(screen.getByRole('checkbox', { name: /^Sell/ }));
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Saved the role Late shift.')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PUT'))!.body).toEqual({
      name: 'Late shift',
      permissions: ['dashboard.view'],
      version: 3,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/settings/roles/edit/${nightShift.id}/Late%20shift`),
    );
  });

  it('shows a system role read-only, every area in its place', async () => {
    const basic = system(2, 'IPOS_BASIC', 4);
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      [`GET /api/v1/roles/${basic.id}`]: () => jsonResponse(basic),
    });
    show(`/dashboard/settings/roles/edit/${basic.id}/IPOS_BASIC`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Basic user' })).toBeInTheDocument();
    expect(screen.getByText(/A system role cannot be changed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save role' })).not.toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(storePermissions.length + permissionGroups.length);
    for (const box of boxes) expect(box).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /^Sell/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Refund/ })).not.toBeChecked();
    // A cashier runs their own till and receives transfers; every other till and cash in/out is a manager's.
    expect(
      screen.getByText(/open a register with the counted float and close one’s own with the counted cash/),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Manage registers/ })).not.toBeChecked();
    expect(
      screen.getByText('Cash in and cash out, close anyone’s register and read every close report.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Receive transfers/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Transfer stock/ })).not.toBeChecked();
  });

  it('says plainly when the role does not exist', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      [`GET /api/v1/roles/${id(9)}`]: () => problemResponse(404, 'NOT_FOUND', 'The role was not found'),
    });
    show(`/dashboard/settings/roles/edit/${id(9)}/Gone`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Role not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the roles' })).toHaveAttribute(
      'href',
      '/dashboard/settings/users-and-permissions/roles',
    );
  });
});
