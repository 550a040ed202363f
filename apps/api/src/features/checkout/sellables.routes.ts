import type { FastifyInstance } from 'fastify';
import { listSellableChanges, listSellables, listVariants } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as sellables from './sellables.service.js';
import { listSellableChanges as readChanges } from './sellable-changes.service.js';

/** The register's search (and the documents' variant picker): variants by name, SKU, barcode or category, priced for the active store. */
export function sellablesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listSellables, ({ store, query }) => sellables.listSellables(db, store, query));
  // The same catalogue kept on the till's device: the full download, then what changed since (a 5,000-item
  // page is about 2 MB of JSON, sent compressed like every large answer).
  route(app, deps, listSellableChanges, ({ store, query }) => readChanges(db, store, query));
  // Purchase orders, invoices and waste pick variants with the same search (inventory.view, not checkout.sell).
  route(app, deps, listVariants, ({ store, query }) => sellables.listSellables(db, store, query));
}
