import type { FastifyInstance } from 'fastify';
import {
  createInvoice,
  deleteInvoice,
  emailInvoice,
  getInvoice,
  invoicePdf,
  issueInvoice,
  listInvoiceEvents,
  listInvoices,
  recordInvoicePayment,
  updateInvoice,
  voidInvoice,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { withIdempotency } from '../../http/idempotency.js';
import * as invoices from './invoices.service.js';
import * as documents from './invoice-pdf.js';

/** Invoices: drafts, issuing, payments, voids, the A4 PDF and mailing it. */
export function invoicesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listInvoices, ({ store, query }) => invoices.listInvoices(db, store, query, deps.now()));
  route(app, deps, getInvoice, ({ store, params }) => invoices.getInvoice(db, store, params.invoiceId, deps.now()));
  route(app, deps, listInvoiceEvents, ({ store, params }) => invoices.listInvoiceEvents(db, store, params.invoiceId));
  route(app, deps, createInvoice, ({ actor, store, body }) =>
    db.transaction((tx) => invoices.createInvoiceIn(tx, actor, store, body, deps.now())),
  );
  route(app, deps, updateInvoice, ({ actor, store, params, body }) =>
    db.transaction((tx) => invoices.updateInvoiceIn(tx, actor, store, params.invoiceId, body, deps.now())),
  );
  route(app, deps, deleteInvoice, ({ actor, store, params }) =>
    db.transaction(async (tx) => {
      await invoices.deleteInvoiceIn(tx, actor, store, params.invoiceId);
      return null;
    }),
  );
  route(app, deps, issueInvoice, ({ actor, store, params, body }) =>
    db.transaction((tx) => invoices.issueInvoiceIn(tx, actor, store, params.invoiceId, body, deps.now())),
  );
  route(app, deps, recordInvoicePayment, ({ actor, store, idempotency, params, body }) =>
    db.transaction((tx) =>
      withIdempotency(tx, store, idempotency, recordInvoicePayment, () =>
        invoices.recordInvoicePaymentIn(tx, actor, store, params.invoiceId, body, deps.now()),
      ),
    ),
  );
  route(app, deps, voidInvoice, ({ actor, store, params, body }) =>
    db.transaction((tx) => invoices.voidInvoiceIn(tx, actor, store, params.invoiceId, body, deps.now())),
  );
  route(app, deps, invoicePdf, async ({ store, params, reply }) => {
    const { filename, pdf } = await documents.invoicePdf(db, store, params.invoiceId, deps.now());
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('content-length', pdf.length);
    return pdf;
  });
  route(app, deps, emailInvoice, ({ actor, store, params, body }) =>
    documents.emailInvoice(deps, actor, store, params.invoiceId, body),
  );
}
