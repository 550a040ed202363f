import type { FastifyInstance } from 'fastify';
import { changePlan, getPlan } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as plans from './plans.service.js';

/** The business's plan: read and changed with settings.plan (administrators). */
export function planRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, getPlan, ({ store }) => plans.getPlan(db, store));
  route(app, deps, changePlan, ({ actor, store, body }) =>
    db.transaction((tx) => plans.changePlanIn(tx, deps, actor, store, body)),
  );
}
