import type { FastifyInstance } from 'fastify';
import { getBusiness, getCurrentStore, listBusinesses } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as businesses from './businesses.service.js';

export function businessesRoutes(app: FastifyInstance, deps: AppDeps) {
  // Admin mode: route() has already checked that the caller owns a business (or the one in the path).
  route(app, deps, listBusinesses, ({ account, query }) => businesses.listBusinesses(deps, account.id, query));

  route(app, deps, getBusiness, ({ account, params }) => businesses.getBusiness(deps, account.id, params.businessId));

  // Store mode: route() has resolved x-store-id to a store the caller works in, with the role there.
  route(app, deps, getCurrentStore, ({ store }) => businesses.getCurrentStore(deps, store));
}
