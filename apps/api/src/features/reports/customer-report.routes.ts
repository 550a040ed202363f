import type { FastifyInstance } from 'fastify';
import { getCustomerReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { customerReport } from './customer-report.service.js';
import { resolveReportScope } from './report-scope.js';

export function customerReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getCustomerReport, async ({ account, store, query }) =>
    customerReport(deps, await resolveReportScope(deps, account.id, store, query), query),
  );
}
