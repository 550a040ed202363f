import { pathTo } from '../../lib/route-paths';
/** Where the invoice screens live (app/route-table.ts), and the customer page an invoice links to. */
export const invoicePath = (invoiceId: string) => pathTo('dashboard.invoice.view/:id', { id: invoiceId });
export const editInvoicePath = (invoiceId: string) => pathTo('dashboard.invoice.create', {}, { edit: invoiceId });
export const newInvoiceForPath = (customerId: string) => pathTo('dashboard.invoice.create', {}, { customerId });
export const customerPath = (contactId: string) => pathTo('dashboard.contact.customer/:id', { id: contactId });
