import type { FastifyInstance } from 'fastify';
import { getRegisterFavourites, setRegisterFavourites } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as favourites from './register-favourites.service.js';

/** The register's first screen: the active store's favourites (or best sellers), and pinning them. */
export function registerFavouritesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, getRegisterFavourites, ({ store }) => favourites.readRegisterFavourites(db, store, deps.now()));
  route(app, deps, setRegisterFavourites, ({ actor, store, body }) =>
    db.transaction((tx) => favourites.setRegisterFavouritesIn(tx, actor, store, body, deps.now())),
  );
}
