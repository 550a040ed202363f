import type { FastifyInstance } from 'fastify';
import { listSaleExceptions, resolveSaleException } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as exceptions from './sale-exceptions.service.js';

/** Sale exceptions: what offline sales were accepted with, for managers to look into. */
export function saleExceptionsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listSaleExceptions, ({ store, query }) =>
    exceptions.listSaleExceptions(deps.database.db, store, query),
  );
  route(app, deps, resolveSaleException, ({ actor, store, params, body }) =>
    exceptions.resolveSaleException(deps, actor, store, params.exceptionId, body),
  );
}
