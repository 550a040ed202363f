/** Where the invoice screens live (app/route-table.ts), and the customer page an invoice links to. */
export const INVOICES_PATH = '/dashboard/invoice';
export const NEW_INVOICE_PATH = `${INVOICES_PATH}/create`;
export const invoicePath = (invoiceId: string) => `${INVOICES_PATH}/view/${invoiceId}`;
export const editInvoicePath = (invoiceId: string) => `${NEW_INVOICE_PATH}?edit=${invoiceId}`;
export const newInvoiceForPath = (customerId: string) => `${NEW_INVOICE_PATH}?customerId=${customerId}`;
export const customerPath = (contactId: string) => `/dashboard/contact/customer/${contactId}`;
