import type { FastifyInstance } from 'fastify';
import { getStoreDashboard } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as dashboard from './dashboard.service.js';

/** The store dashboard's figures. */
export function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getStoreDashboard, ({ store }) => dashboard.getStoreDashboard(deps, store));
}
