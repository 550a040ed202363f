import type { FastifyInstance } from 'fastify';
import { commitProductImport, exportProducts, previewProductImport, printLabels } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as catalogueCsv from './product-export.service.js';
import * as files from './product-files.service.js';

/** Products as files: CSV import (preview and commit), CSV export, barcode label PDF. */
export function productFilesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, previewProductImport, ({ store, body }) => files.previewImport(deps, store, body as Buffer));
  route(app, deps, commitProductImport, ({ actor, store, body }) =>
    files.commitImport(deps, actor, store, body as Buffer),
  );
  route(app, deps, exportProducts, async ({ store, query, reply }) => {
    const fileName = await catalogueCsv.exportFileName(deps, store);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`);
    return catalogueCsv.exportProducts(deps, store, query.archived);
  });
  route(app, deps, printLabels, async ({ store, body, reply }) => {
    const pdf = await files.printLabels(deps, store, body);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="labels.pdf"')
      .header('content-length', pdf.length);
    return pdf;
  });
}
