import type { FastifyInstance } from 'fastify';
import {
  addBusinessProfileStore,
  deleteBusinessLogo,
  getBusinessLogo,
  getBusinessProfile,
  listBusinessProfileStores,
  putBusinessLogo,
  updateBusinessProfile,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as profile from './business-profile.service.js';
import { addStoreIn } from './businesses.service.js';

/** The business profile of store details: settings.business; the logo read by everyone there. */
export function businessProfileRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, getBusinessProfile, ({ store }) => profile.getBusinessProfile(db, store));
  route(app, deps, listBusinessProfileStores, ({ store }) => profile.listBusinessProfileStores(db, store));
  // Store details' stores: add one, the same addStoreIn as admin mode's "Add a store".
  route(app, deps, addBusinessProfileStore, ({ actor, store, body }) =>
    db.transaction((tx) => addStoreIn(tx, actor, store.businessId, body)),
  );
  route(app, deps, updateBusinessProfile, ({ actor, store, body }) =>
    db.transaction((tx) => profile.updateBusinessProfileIn(tx, actor, store, body)),
  );
  route(app, deps, putBusinessLogo, ({ actor, store, body, request }) =>
    db.transaction((tx) =>
      profile.putBusinessLogoIn(
        tx,
        actor,
        store,
        String(request.headers['content-type'] ?? ''),
        body as unknown as Buffer,
      ),
    ),
  );
  route(app, deps, deleteBusinessLogo, ({ actor, store }) =>
    db.transaction((tx) => profile.deleteBusinessLogoIn(tx, actor, store)),
  );
  route(app, deps, getBusinessLogo, async ({ store, reply }) => {
    const logo = await profile.getBusinessLogo(db, store);
    reply
      .header('content-type', logo.contentType)
      .header('content-length', String(logo.byteSize))
      .header('cache-control', 'private, max-age=86400');
    return logo.bytes;
  });
}
