import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listSellableChanges, listSellables, listVariants } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as sellables from './sellables.service.js';
import { listSellableChanges as readChanges } from './sellable-changes.service.js';

const gzipped = promisify(gzip);

/**
 * The catalogue's pages are large (a 5,000-item page is about 2 MB of JSON) and tills are often on
 * mobile data; the server compresses nothing else, so they are gzipped here when the client takes it
 * (browsers always do): about a tenth of the bytes.
 */
async function gzipCataloguePage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.routeOptions.url !== listSellableChanges.path || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
  reply.header('vary', 'accept-encoding');
  reply.header('content-encoding', 'gzip');
  reply.removeHeader('content-length');
  return gzipped(payload, { level: 6 });
}

/** The register's search (and the documents' variant picker): variants by name, SKU, barcode or category, priced for the active store. */
export function sellablesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listSellables, ({ store, query }) => sellables.listSellables(db, store, query));
  // The same catalogue kept on the till's device: the full download, then what changed since.
  route(app, deps, listSellableChanges, ({ store, query }) => readChanges(db, store, query));
  app.addHook('onSend', gzipCataloguePage);
  // Purchase orders, invoices and waste pick variants with the same search (inventory.view, not checkout.sell).
  route(app, deps, listVariants, ({ store, query }) => sellables.listSellables(db, store, query));
}
