import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermission, ownerPermissions } from '@ipos/contracts';
import { createTestServer, type TestServer } from '../support/server.js';

/**
 * Every API route declares who may call it. This lists them all: a new route without a declared access
 * fails here, and a change of access shows up in review as a change of this list.
 */
describe('endpoint access declarations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  const apiRoutes = () =>
    server.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .map((r) => ({ route: `${r.method} ${r.url}`, access: r.access }))
      .sort((a, b) => a.route.localeCompare(b.route));

  it('declares access on every /api/v1 route, from the catalogue', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
    for (const r of routes) {
      expect(
        r.access === 'public' || r.access === 'signedIn' || isPermission(r.access!),
        `${r.route}: ${r.access}`,
      ).toBe(true);
    }
  });

  it('matches the reviewed list of routes and their access', () => {
    expect(Object.fromEntries(apiRoutes().map((r) => [r.route, r.access]))).toMatchInlineSnapshot(`
      {
        "DELETE /api/v1/business-profile/logo": "settings.business",
        "DELETE /api/v1/held-sales/:heldSaleId": "checkout.sell",
        "DELETE /api/v1/invoices/:invoiceId": "invoices.manage",
        "DELETE /api/v1/me/email-change": "signedIn",
        "DELETE /api/v1/products/:productId/image": "inventory.manage",
        "DELETE /api/v1/roles/:roleId": "settings.roles",
        "GET /api/v1/admin/backups": "businesses.manage",
        "GET /api/v1/admin/backups/download": "businesses.manage",
        "GET /api/v1/admin/backups/manifest": "businesses.manage",
        "GET /api/v1/admin/businesses": "businesses.manage",
        "GET /api/v1/admin/businesses/:businessId": "businesses.manage",
        "GET /api/v1/admin/businesses/:businessId/staff-options": "users.manage",
        "GET /api/v1/admin/dashboard": "businesses.manage",
        "GET /api/v1/admin/users": "users.manage",
        "GET /api/v1/audit-events": "settings.audit",
        "GET /api/v1/audit-events/export": "settings.audit",
        "GET /api/v1/audit-events/people": "settings.audit",
        "GET /api/v1/business-profile": "settings.business",
        "GET /api/v1/business-profile/locations": "settings.business",
        "GET /api/v1/business-profile/logo": "dashboard.view",
        "GET /api/v1/categories": "inventory.view",
        "GET /api/v1/contacts": "contacts.view",
        "GET /api/v1/contacts/:contactId": "contacts.view",
        "GET /api/v1/contacts/:contactId/customer-summary": "contacts.view",
        "GET /api/v1/contacts/:contactId/vendor-summary": "contacts.view",
        "GET /api/v1/contacts/export": "contacts.manage",
        "GET /api/v1/dashboard/store": "dashboard.view",
        "GET /api/v1/health": "public",
        "GET /api/v1/held-sales": "checkout.sell",
        "GET /api/v1/invoices": "invoices.view",
        "GET /api/v1/invoices/:invoiceId": "invoices.view",
        "GET /api/v1/invoices/:invoiceId/events": "invoices.view",
        "GET /api/v1/invoices/:invoiceId/pdf": "invoices.view",
        "GET /api/v1/me": "signedIn",
        "GET /api/v1/me/invitations": "signedIn",
        "GET /api/v1/me/profile": "signedIn",
        "GET /api/v1/plan": "settings.plan",
        "GET /api/v1/products": "inventory.view",
        "GET /api/v1/products/:productId": "inventory.view",
        "GET /api/v1/products/:productId/image": "inventory.view",
        "GET /api/v1/products/:productId/movements": "inventory.view",
        "GET /api/v1/products/barcodes/:code": "inventory.view",
        "GET /api/v1/products/export": "inventory.view",
        "GET /api/v1/purchase-orders": "purchase-orders.view",
        "GET /api/v1/purchase-orders/:orderId": "purchase-orders.view",
        "GET /api/v1/purchase-orders/:orderId/events": "purchase-orders.view",
        "GET /api/v1/purchase-orders/:orderId/pdf": "purchase-orders.view",
        "GET /api/v1/purchase-orders/reorder-suggestions": "purchase-orders.manage",
        "GET /api/v1/ready": "public",
        "GET /api/v1/register-favourites": "checkout.sell",
        "GET /api/v1/register-sessions": "checkout.sell",
        "GET /api/v1/register-sessions/:sessionId": "checkout.sell",
        "GET /api/v1/reports/customer": "reports.view",
        "GET /api/v1/reports/customer/pdf": "reports.view",
        "GET /api/v1/reports/purchase-order": "reports.view",
        "GET /api/v1/reports/purchase-order/pdf": "reports.view",
        "GET /api/v1/reports/restock": "reports.view",
        "GET /api/v1/reports/restock/pdf": "reports.view",
        "GET /api/v1/reports/sales": "reports.view",
        "GET /api/v1/reports/sales/pdf": "reports.view",
        "GET /api/v1/reports/tax": "reports.view",
        "GET /api/v1/reports/tax/pdf": "reports.view",
        "GET /api/v1/reports/waste": "reports.view",
        "GET /api/v1/reports/waste/pdf": "reports.view",
        "GET /api/v1/roles": "settings.roles",
        "GET /api/v1/roles/:roleId": "settings.roles",
        "GET /api/v1/sale-exceptions": "reports.view",
        "GET /api/v1/sales": "transactions.view",
        "GET /api/v1/sales/:saleId": "transactions.view",
        "GET /api/v1/sales/:saleId/events": "transactions.view",
        "GET /api/v1/sales/:saleId/receipt": "transactions.view",
        "GET /api/v1/sales/:saleId/receipt.pdf": "transactions.view",
        "GET /api/v1/sales/cashiers": "transactions.view",
        "GET /api/v1/sellables": "checkout.sell",
        "GET /api/v1/sellables/changes": "checkout.sell",
        "GET /api/v1/staff": "settings.staff",
        "GET /api/v1/staff/:accountId": "settings.staff",
        "GET /api/v1/staff/invitations": "settings.staff",
        "GET /api/v1/staff/options": "settings.staff",
        "GET /api/v1/stock-adjustments/:adjustmentId": "inventory.view",
        "GET /api/v1/stock-counts": "inventory.view",
        "GET /api/v1/stock-counts/:countId": "inventory.view",
        "GET /api/v1/stock-counts/preview": "inventory.count",
        "GET /api/v1/stock-transfers": "inventory.view",
        "GET /api/v1/stock-transfers/:transferId": "inventory.view",
        "GET /api/v1/stores/:storeId/alias": "settings.alias",
        "GET /api/v1/stores/:storeId/settings": "dashboard.view",
        "GET /api/v1/stores/current": "dashboard.view",
        "GET /api/v1/tax-rates": "inventory.view",
        "GET /api/v1/variants": "inventory.view",
        "GET /api/v1/waste": "waste.view",
        "GET /api/v1/waste/:wasteId": "waste.view",
        "GET /api/v1/waste/:wasteId/events": "waste.view",
        "GET /api/v1/waste/:wasteId/photo": "waste.view",
        "PATCH /api/v1/categories/:categoryId": "inventory.manage",
        "PATCH /api/v1/stores/:storeId/settings": "settings.store",
        "PATCH /api/v1/tax-rates/:taxRateId": "settings.tax",
        "POST /api/v1/admin/backups": "businesses.manage",
        "POST /api/v1/admin/businesses": "businesses.manage",
        "POST /api/v1/admin/businesses/:businessId/stores": "businesses.manage",
        "POST /api/v1/admin/businesses/:businessId/users": "users.manage",
        "POST /api/v1/business-profile/locations": "settings.business",
        "POST /api/v1/categories": "inventory.manage",
        "POST /api/v1/categories/:categoryId/archive": "inventory.manage",
        "POST /api/v1/categories/:categoryId/unarchive": "inventory.manage",
        "POST /api/v1/categories/reorder": "inventory.manage",
        "POST /api/v1/checkout/customers": "checkout.sell",
        "POST /api/v1/contacts": "contacts.manage",
        "POST /api/v1/contacts/:contactId/archive": "contacts.manage",
        "POST /api/v1/contacts/:contactId/restore": "contacts.manage",
        "POST /api/v1/contacts/import": "contacts.manage",
        "POST /api/v1/contacts/import/preview": "contacts.manage",
        "POST /api/v1/held-sales": "checkout.sell",
        "POST /api/v1/held-sales/:heldSaleId/resume": "checkout.sell",
        "POST /api/v1/invoices": "invoices.manage",
        "POST /api/v1/invoices/:invoiceId/email": "invoices.manage",
        "POST /api/v1/invoices/:invoiceId/issue": "invoices.manage",
        "POST /api/v1/invoices/:invoiceId/payments": "invoices.manage",
        "POST /api/v1/invoices/:invoiceId/void": "invoices.manage",
        "POST /api/v1/me/default-password": "signedIn",
        "POST /api/v1/me/email-change": "signedIn",
        "POST /api/v1/me/email-change/confirm": "signedIn",
        "POST /api/v1/me/invitations/:invitationId/accept": "signedIn",
        "POST /api/v1/me/invitations/:invitationId/decline": "signedIn",
        "POST /api/v1/me/password": "signedIn",
        "POST /api/v1/me/pin": "signedIn",
        "POST /api/v1/me/pin/reset": "signedIn",
        "POST /api/v1/me/pin/verify": "signedIn",
        "POST /api/v1/me/sign-out-everywhere": "signedIn",
        "POST /api/v1/onboarding/forgot-password": "public",
        "POST /api/v1/onboarding/register": "public",
        "POST /api/v1/onboarding/reset-password": "public",
        "POST /api/v1/onboarding/verify-email": "public",
        "POST /api/v1/products": "inventory.manage",
        "POST /api/v1/products/:productId/archive": "inventory.manage",
        "POST /api/v1/products/:productId/unarchive": "inventory.manage",
        "POST /api/v1/products/import": "inventory.manage",
        "POST /api/v1/products/import/preview": "inventory.manage",
        "POST /api/v1/products/labels": "inventory.view",
        "POST /api/v1/purchase-orders": "purchase-orders.manage",
        "POST /api/v1/purchase-orders/:orderId/cancel": "purchase-orders.manage",
        "POST /api/v1/purchase-orders/:orderId/close": "purchase-orders.manage",
        "POST /api/v1/purchase-orders/:orderId/receipts": "purchase-orders.receive",
        "POST /api/v1/purchase-orders/:orderId/returns": "purchase-orders.manage",
        "POST /api/v1/purchase-orders/:orderId/send": "purchase-orders.manage",
        "POST /api/v1/purchase-orders/restock-orders": "purchase-orders.manage",
        "POST /api/v1/register-sessions": "checkout.sell",
        "POST /api/v1/register-sessions/:sessionId/cash-movements": "checkout.register",
        "POST /api/v1/register-sessions/:sessionId/close": "checkout.sell",
        "POST /api/v1/roles": "settings.roles",
        "POST /api/v1/sale-exceptions/:exceptionId/resolve": "inventory.adjust",
        "POST /api/v1/sales": "checkout.sell",
        "POST /api/v1/sales/:saleId/receipt/email": "transactions.view",
        "POST /api/v1/sales/:saleId/refunds": "transactions.refund",
        "POST /api/v1/sales/:saleId/void": "transactions.void",
        "POST /api/v1/staff": "settings.staff",
        "POST /api/v1/staff/:accountId/deactivate": "settings.staff",
        "POST /api/v1/staff/:accountId/invitation": "settings.staff",
        "POST /api/v1/staff/:accountId/pin/reset": "staff.pin-reset",
        "POST /api/v1/staff/:accountId/reactivate": "settings.staff",
        "POST /api/v1/staff/invitations/:invitationId/resend": "settings.staff",
        "POST /api/v1/staff/invitations/:invitationId/withdraw": "settings.staff",
        "POST /api/v1/stock-adjustments": "inventory.adjust",
        "POST /api/v1/stock-counts": "inventory.count",
        "POST /api/v1/stock-counts/:countId/cancel": "inventory.count",
        "POST /api/v1/stock-counts/:countId/post": "inventory.count",
        "POST /api/v1/stock-counts/:countId/scan": "inventory.count",
        "POST /api/v1/stock-transfers": "inventory.transfer",
        "POST /api/v1/stock-transfers/:transferId/cancel": "inventory.transfer",
        "POST /api/v1/stock-transfers/:transferId/receive": "inventory.receive",
        "POST /api/v1/support/requests": "signedIn",
        "POST /api/v1/tax-rates": "settings.tax",
        "POST /api/v1/tax-rates/:taxRateId/deactivate": "settings.tax",
        "POST /api/v1/tax-rates/:taxRateId/reactivate": "settings.tax",
        "POST /api/v1/waste": "waste.record",
        "POST /api/v1/waste/:wasteId/approve": "waste.approve",
        "POST /api/v1/waste/:wasteId/reject": "waste.approve",
        "PUT /api/v1/business-profile": "settings.business",
        "PUT /api/v1/business-profile/logo": "settings.business",
        "PUT /api/v1/contacts/:contactId": "contacts.manage",
        "PUT /api/v1/invoices/:invoiceId": "invoices.manage",
        "PUT /api/v1/me/pin": "signedIn",
        "PUT /api/v1/me/profile": "signedIn",
        "PUT /api/v1/plan": "settings.plan",
        "PUT /api/v1/products/:productId": "inventory.manage",
        "PUT /api/v1/products/:productId/image": "inventory.manage",
        "PUT /api/v1/purchase-orders/:orderId": "purchase-orders.manage",
        "PUT /api/v1/register-favourites": "settings.store",
        "PUT /api/v1/register-sessions/:sessionId/device-report": "checkout.sell",
        "PUT /api/v1/roles/:roleId": "settings.roles",
        "PUT /api/v1/staff/:accountId": "settings.staff",
        "PUT /api/v1/stock-counts/:countId/lines": "inventory.count",
        "PUT /api/v1/stores/:storeId/alias": "settings.alias",
        "PUT /api/v1/stores/current/waste-approval-threshold": "settings.store",
        "PUT /api/v1/waste/:wasteId/photo": "waste.record",
      }
    `);
  });

  it('keeps owner permissions to /api/v1/admin/* and admin paths to owner permissions', () => {
    for (const e of server.app.endpoints) {
      const isOwnerAccess = (ownerPermissions as readonly string[]).includes(e.access);
      expect(isOwnerAccess, `${e.method} ${e.path} (${e.access})`).toBe(e.path.startsWith('/api/v1/admin/'));
    }
  });

  it('publishes the access in the generated OpenAPI document: bearer-secured unless public', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const e of server.app.endpoints) {
      const openApiPath = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[e.method.toLowerCase()];
      expect(operation, `${e.method} ${e.path}`).toBeDefined();
      expect(operation!.security, `${e.method} ${e.path}`).toEqual(
        e.access === 'public' ? undefined : [{ bearer: [] }],
      );
    }
  });

  it('refuses to register a contract that declares no access', async () => {
    const { route } = await import('../../src/http/route.js');
    const { z } = await import('zod');
    const endpoint = {
      method: 'GET',
      path: '/api/v1/nothing',
      summary: 'x',
      tags: [],
      status: 200,
      response: z.null(),
    } as never;
    expect(() => route(server.app, server.deps, endpoint, async () => null)).toThrow(/declares no access/);
  });
});
