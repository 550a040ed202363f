import type { FastifyInstance } from 'fastify';
import { createSale } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as sales from './sales.service.js';

/** Sales: complete a sale (idempotent). Reading sales is the transactions module's. */
export function salesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, createSale, ({ actor, store, idempotency, body }) =>
    sales.createSale(deps, actor, store, idempotency, body),
  );
}
