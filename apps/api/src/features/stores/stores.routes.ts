import type { FastifyInstance } from 'fastify';
import { getStoreAlias, getStoreSettings, updateStoreAlias, updateStoreSettings } from '@ipos/contracts';
import { accessToStoreSettings } from '../../auth/access.js';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as stores from './stores.service.js';

/**
 * A store's settings: of the active store, or of another store of its business where the
 * person works — read by anyone there, changed with settings.store there (the owner, in every store;
 * the business's administrator, settings.business, in every store of it).
 */
export function storesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, getStoreSettings, async ({ account, store, params }) =>
    stores.getStoreSettings(db, await accessToStoreSettings(db, account.id, store, params.storeId, 'dashboard.view')),
  );
  route(app, deps, updateStoreSettings, async ({ account, actor, store, params, body }) => {
    const target = await accessToStoreSettings(db, account.id, store, params.storeId, 'settings.store');
    return db.transaction((tx) => stores.updateStoreSettingsIn(tx, actor, target, body));
  });
  route(app, deps, getStoreAlias, async ({ account, store, params }) =>
    stores.getStoreAlias(db, await accessToStoreSettings(db, account.id, store, params.storeId, 'settings.alias')),
  );
  route(app, deps, updateStoreAlias, async ({ account, actor, store, params, body }) => {
    const target = await accessToStoreSettings(db, account.id, store, params.storeId, 'settings.alias');
    return db.transaction((tx) => stores.updateStoreAliasIn(tx, actor, target, body));
  });
}
