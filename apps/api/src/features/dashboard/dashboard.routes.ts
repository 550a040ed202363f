import type { FastifyInstance } from 'fastify';
import { getAdminDashboard, getStoreDashboard } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as dashboard from './dashboard.service.js';
import * as admin from '../businesses/admin-businesses.service.js';

/** The store dashboard's figures, and admin mode's across the owner's businesses. */
export function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getStoreDashboard, ({ store }) => dashboard.getStoreDashboard(deps, store));
  route(app, deps, getAdminDashboard, ({ account }) => admin.getAdminDashboard(deps, account.id));
}
