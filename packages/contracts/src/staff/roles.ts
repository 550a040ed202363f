/**
 * Roles (spec `settings/users-and-permissions/roles`, `roles/create`, `roles/edit/{id}/{name}`
 * item 4): the business's system roles (read-only) and its custom roles — a name and a set of store
 * permissions, edited as a matrix grouped by area. A role someone holds cannot be deleted.
 */
import { z } from 'zod';
import { defineEndpoint, noContent } from '../http/endpoint.js';
import { storePermissions, type StorePermission } from '../access/permissions.js';

/** Every store permission in people's words, grouped by the area of the app it opens. */
export const permissionGroups: {
  area: string;
  permissions: { key: StorePermission; label: string; description: string }[];
}[] = [
  {
    area: 'Dashboard',
    permissions: [
      {
        key: 'dashboard.view',
        label: 'See the dashboard',
        description: 'Today’s sales, stock alerts and recent sales of the store.',
      },
    ],
  },
  {
    area: 'Checkout',
    permissions: [
      {
        key: 'checkout.sell',
        label: 'Sell',
        description:
          'Ring up sales and take payment; open a register with the counted float and close one’s own with the counted cash.',
      },
      { key: 'checkout.discount', label: 'Give discounts', description: 'Discount a line or a whole sale.' },
      {
        key: 'checkout.register',
        label: 'Manage registers',
        description: 'Cash in and cash out, close anyone’s register and read every close report.',
      },
    ],
  },
  {
    area: 'Transactions',
    permissions: [
      {
        key: 'transactions.view',
        label: 'See transactions',
        description: 'The store’s sales, their receipts and history.',
      },
      { key: 'transactions.refund', label: 'Refund', description: 'Give money back for returned goods.' },
      { key: 'transactions.void', label: 'Void sales', description: 'Cancel a whole sale and put its stock back.' },
    ],
  },
  {
    area: 'Inventory',
    permissions: [
      { key: 'inventory.view', label: 'See inventory', description: 'Products, prices and stock levels.' },
      {
        key: 'inventory.costs',
        label: 'See costs and stock value',
        description: 'Cost prices, what stock is worth at cost, and counts and waste valued at cost.',
      },
      {
        key: 'inventory.manage',
        label: 'Manage products',
        description: 'Create, edit, import and archive products and categories.',
      },
      { key: 'inventory.adjust', label: 'Adjust stock', description: 'Correct stock with a reason.' },
      { key: 'inventory.count', label: 'Count stock', description: 'Run and post stock counts.' },
      {
        key: 'inventory.transfer',
        label: 'Transfer stock',
        description: 'Send stock to another store and cancel what was sent; includes receiving.',
      },
      {
        key: 'inventory.receive',
        label: 'Receive transfers',
        description: 'Take stock sent from another store into this one.',
      },
    ],
  },
  {
    area: 'Waste',
    permissions: [
      { key: 'waste.view', label: 'See waste', description: 'The store’s waste records.' },
      { key: 'waste.record', label: 'Record waste', description: 'Write off expired, damaged or stolen stock.' },
      {
        key: 'waste.approve',
        label: 'Approve waste',
        description: 'Approve or reject waste above the store’s threshold.',
      },
    ],
  },
  {
    area: 'Purchasing',
    permissions: [
      {
        key: 'purchase-orders.view',
        label: 'See purchase orders',
        description: 'Orders to vendors and their deliveries.',
      },
      {
        key: 'purchase-orders.manage',
        label: 'Manage purchase orders',
        description: 'Create, send, close, cancel and return orders.',
      },
      { key: 'purchase-orders.receive', label: 'Receive deliveries', description: 'Take delivered goods into stock.' },
    ],
  },
  {
    area: 'Invoices and contacts',
    permissions: [
      { key: 'invoices.view', label: 'See invoices', description: 'Invoices to customers and their payments.' },
      {
        key: 'invoices.manage',
        label: 'Manage invoices',
        description: 'Create, issue, void invoices and record payments.',
      },
      { key: 'contacts.view', label: 'See contacts', description: 'Customers and vendors.' },
      {
        key: 'contacts.manage',
        label: 'Manage contacts',
        description: 'Create, edit, import, export and archive contacts.',
      },
    ],
  },
  {
    area: 'Reports',
    permissions: [
      {
        key: 'reports.view',
        label: 'Read reports',
        description: 'Sales, tax, waste, purchasing, restock and customer reports.',
      },
    ],
  },
  {
    area: 'Settings',
    permissions: [
      {
        key: 'settings.business',
        label: 'Business details',
        description: 'The business’s name, logo, contacts, currency, tax id and receipt texts.',
      },
      {
        key: 'settings.store',
        label: 'Store settings',
        description: 'The store’s address, time zone, negative stock and waste threshold.',
      },
      { key: 'settings.alias', label: 'Alias', description: 'The store’s code on its documents and its display name.' },
      {
        key: 'settings.staff',
        label: 'Staff',
        description: 'Add staff, change their role and stores, deactivate them.',
      },
      { key: 'settings.roles', label: 'Roles', description: 'Create, edit and delete custom roles.' },
      { key: 'settings.tax', label: 'Taxes', description: 'Tax rates and the default rate.' },
      { key: 'settings.audit', label: 'Audit trail', description: 'Read every change in the business.' },
      { key: 'settings.plan', label: 'Plan', description: 'The business’s plan and its limits.' },
      { key: 'staff.pin-reset', label: 'Reset PINs', description: 'Reset a staff member’s PIN.' },
    ],
  },
];

export const roleSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The spec's roles (IPOS_ADMIN, IPOS_MANAGER_USER, IPOS_BASIC): read-only. */
  isSystem: z.boolean(),
  permissions: z.array(z.enum(storePermissions)),
  /** People holding the role in some store of the business. */
  members: z.number().int(),
  version: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

const roleNameSchema = z
  .string()
  .trim()
  .min(2, 'A role name has at least 2 characters')
  .max(40, 'A role name is at most 40 characters')
  .refine((name) => !/^IPOS_/i.test(name), 'Names starting with IPOS_ belong to the system roles');

const rolePermissionsSchema = z
  .array(z.enum(storePermissions))
  .min(1, 'Choose at least one permission')
  .transform((list) => storePermissions.filter((p) => list.includes(p)));

export const createRoleBodySchema = z.strictObject({ name: roleNameSchema, permissions: rolePermissionsSchema });
export type CreateRoleBody = z.input<typeof createRoleBodySchema>;

export const updateRoleBodySchema = z.strictObject({
  version: z.number().int().positive(),
  name: roleNameSchema,
  permissions: rolePermissionsSchema,
});
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;

const roleParamsSchema = z.object({ roleId: z.string().uuid() });

export const listRoles = defineEndpoint({
  method: 'GET',
  path: '/api/v1/roles',
  summary: 'The business’s roles: the system roles and the custom ones, with how many people hold each',
  tags: ['staff'],
  access: 'settings.roles',
  status: 200,
  response: z.object({ items: z.array(roleSchema) }),
});

export const getRole = defineEndpoint({
  method: 'GET',
  path: '/api/v1/roles/:roleId',
  summary: 'One role of the business',
  tags: ['staff'],
  access: 'settings.roles',
  params: roleParamsSchema,
  status: 200,
  response: roleSchema,
});

export const createRole = defineEndpoint({
  method: 'POST',
  path: '/api/v1/roles',
  summary: 'A custom role: a name unique in the business and its permissions; 409 ROLE_NAME_TAKEN',
  tags: ['staff'],
  access: 'settings.roles',
  body: createRoleBodySchema,
  status: 201,
  response: roleSchema,
});

export const updateRole = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/roles/:roleId',
  summary:
    'Rename a custom role or change its permissions (its holders get them at their next request); system roles are read-only (409 ROLE_IS_SYSTEM)',
  tags: ['staff'],
  access: 'settings.roles',
  params: roleParamsSchema,
  body: updateRoleBodySchema,
  status: 200,
  response: roleSchema,
});

export const deleteRole = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/roles/:roleId',
  summary: 'Delete a custom role no one holds (409 ROLE_IN_USE otherwise; ROLE_IS_SYSTEM for a system role)',
  tags: ['staff'],
  access: 'settings.roles',
  params: roleParamsSchema,
  status: 204,
  response: noContent,
});
