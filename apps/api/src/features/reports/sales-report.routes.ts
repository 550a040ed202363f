import type { FastifyInstance } from 'fastify';
import { getSalesReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { resolveReportScope } from './report-scope.js';
import { salesReport } from './sales-report.service.js';

export function salesReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getSalesReport, async ({ account, store, query }) =>
    salesReport(deps, await resolveReportScope(deps, account.id, store, query), query),
  );
}
