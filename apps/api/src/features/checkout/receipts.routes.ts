import type { FastifyInstance } from 'fastify';
import { emailReceipt, getReceipt, getReceiptPdf } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as receipts from './receipts.service.js';

/** Receipts: the printable data of a sale, its PDF, and mailing it. */
export function receiptsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getReceipt, ({ store, params }) => receipts.getReceipt(deps.database.db, store, params.saleId));
  route(app, deps, getReceiptPdf, async ({ store, params, query, reply }) => {
    const { filename, pdf } = await receipts.getReceiptPdf(deps.database.db, store, params.saleId, query.width, {
      copy: query.copy === 'true',
    });
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('content-length', pdf.length);
    return pdf;
  });
  route(app, deps, emailReceipt, ({ actor, store, params, body }) =>
    receipts.emailReceipt(deps, actor, store, params.saleId, body.email, { copy: body.copy ?? false }),
  );
}
