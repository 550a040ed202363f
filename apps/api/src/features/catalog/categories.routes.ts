import type { FastifyInstance } from 'fastify';
import {
  archiveCategory,
  createCategory,
  listCategories,
  renameCategory,
  reorderCategories,
  unarchiveCategory,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as categories from './categories.service.js';

export function categoriesRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listCategories, ({ store, query }) => categories.listCategories(deps, store, query.includeArchived));
  route(app, deps, createCategory, ({ actor, store, body }) => categories.createCategory(deps, actor, store, body));
  route(app, deps, renameCategory, ({ actor, store, params, body }) =>
    categories.renameCategory(deps, actor, store, params.categoryId, body),
  );
  route(app, deps, reorderCategories, ({ actor, store, body }) =>
    categories.reorderCategories(deps, actor, store, body),
  );
  route(app, deps, archiveCategory, ({ actor, store, params, body }) =>
    categories.archiveCategory(deps, actor, store, params.categoryId, body.version),
  );
  route(app, deps, unarchiveCategory, ({ actor, store, params, body }) =>
    categories.unarchiveCategory(deps, actor, store, params.categoryId, body.version),
  );
}
