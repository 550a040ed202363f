import type { FastifyInstance } from 'fastify';
import { createRole, deleteRole, getRole, listRoles, updateRole } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as roles from './roles.service.js';

/** Roles: the business's system and custom roles, for settings.roles holders. */
export function rolesRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listRoles, ({ store }) => roles.listRoles(db, store));
  route(app, deps, getRole, ({ store, params }) => roles.getRole(db, store, params.roleId));
  route(app, deps, createRole, ({ actor, store, body }) =>
    db.transaction((tx) => roles.createRoleIn(tx, actor, store, body)),
  );
  route(app, deps, updateRole, ({ actor, store, params, body }) =>
    db.transaction((tx) => roles.updateRoleIn(tx, actor, store, params.roleId, body)),
  );
  route(app, deps, deleteRole, ({ actor, store, params }) =>
    db.transaction(async (tx) => {
      await roles.deleteRoleIn(tx, actor, store, params.roleId);
      return null;
    }),
  );
}
