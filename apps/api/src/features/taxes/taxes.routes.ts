import type { FastifyInstance } from 'fastify';
import { createTaxRate, deactivateTaxRate, listTaxRates, reactivateTaxRate, updateTaxRate } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import type { StoreAccess } from '../../auth/access.js';
import * as taxes from './taxes.service.js';

// Store mode: route() has resolved x-store-id to a store of the caller and checked the permission there.
// Tax rates belong to the business of that store.
const scopeOf = (store: StoreAccess) => ({ businessId: store.businessId, storeId: store.storeId });

export function taxesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listTaxRates, ({ store, query }) => taxes.listTaxRates(deps, store.businessId, query));

  route(app, deps, createTaxRate, ({ store, actor, body }) => taxes.createTaxRate(deps, actor, scopeOf(store), body));

  route(app, deps, updateTaxRate, ({ store, actor, params, body }) =>
    taxes.updateTaxRate(deps, actor, scopeOf(store), params.taxRateId, body),
  );

  route(app, deps, deactivateTaxRate, ({ store, actor, params, body }) =>
    taxes.setTaxRateActive(deps, actor, scopeOf(store), params.taxRateId, { version: body.version, isActive: false }),
  );

  route(app, deps, reactivateTaxRate, ({ store, actor, params, body }) =>
    taxes.setTaxRateActive(deps, actor, scopeOf(store), params.taxRateId, { version: body.version, isActive: true }),
  );
}
