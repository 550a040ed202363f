import type { FastifyInstance } from 'fastify';
import { discardHeldSale, holdSale, listHeldSales, resumeHeldSale } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as held from './held-sales.service.js';

/** Held sales: carts put aside at one till and resumed at any till of the store. */
export function heldSalesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listHeldSales, ({ store }) => held.listHeldSales(deps, store));
  route(app, deps, holdSale, ({ actor, store, body }) => held.holdSale(deps, actor, store, body));
  route(app, deps, resumeHeldSale, ({ actor, store, params }) =>
    held.takeHeldCart(deps, actor, store, params.heldSaleId, 'resumed'),
  );
  route(app, deps, discardHeldSale, async ({ actor, store, params }) => {
    await held.takeHeldCart(deps, actor, store, params.heldSaleId, 'discarded');
    return null;
  });
}
