import type { FastifyInstance } from 'fastify';
import { addBusinessStore, createBusiness, getBusiness, getActiveStore, listBusinesses } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as admin from './admin-businesses.service.js';
import * as businesses from './businesses.service.js';

export function businessesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  // Admin mode: route() has already checked that the caller owns a business (or the one in the path).
  route(app, deps, listBusinesses, ({ account, query }) => admin.listBusinesses(deps, account.id, query));
  route(app, deps, getBusiness, ({ account, params }) => admin.getBusiness(deps, account.id, params.businessId));
  route(app, deps, createBusiness, ({ account, actor, body }) =>
    db.transaction((tx) => admin.createOwnedBusinessIn(tx, actor, account.id, body)),
  );
  route(app, deps, addBusinessStore, ({ actor, params, body }) =>
    db.transaction((tx) => businesses.addStoreIn(tx, actor, params.businessId, body)),
  );

  // Store mode: route() has resolved x-store-id to a store the caller works in, with the role there.
  route(app, deps, getActiveStore, ({ store }) => businesses.getActiveStore(deps, store));
}
