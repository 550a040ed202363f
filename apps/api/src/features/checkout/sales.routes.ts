import type { FastifyInstance } from 'fastify';
import { createSale, getSale } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as sales from './sales.service.js';

/** Sales: complete a sale (idempotent), read one. */
export function salesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, createSale, ({ actor, store, idempotency, body }) =>
    sales.createSale(deps, actor, store, idempotency, body),
  );
  route(app, deps, getSale, ({ store, params }) => sales.getSale(deps, store, params.saleId));
}
