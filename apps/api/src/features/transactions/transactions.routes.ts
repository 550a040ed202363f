import type { FastifyInstance } from 'fastify';
import { createRefund, getSale, listSaleCashiers, listSaleEvents, listSales, voidSale } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as transactions from './transactions.service.js';
import * as refunds from './refunds.service.js';
import * as saleView from '../checkout/sale-view.service.js';

/** Transactions: the sale history, one sale with its refunds and audit trail, refunds and voids. */
export function transactionsRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listSales, ({ store, query }) => transactions.listSales(db, store, query));
  route(app, deps, listSaleCashiers, ({ store }) => transactions.listSaleCashiers(db, store));
  route(app, deps, getSale, ({ store, params }) => saleView.getSaleDetail(db, store, params.saleId));
  route(app, deps, listSaleEvents, ({ store, params }) => transactions.listSaleEvents(db, store, params.saleId));
  route(app, deps, createRefund, ({ actor, store, idempotency, params, body }) =>
    refunds.createRefund(deps, actor, store, idempotency, params.saleId, body),
  );
  route(app, deps, voidSale, ({ actor, store, idempotency, params, body }) =>
    refunds.voidSale(deps, actor, store, idempotency, params.saleId, body.reason),
  );
}
