import type { FastifyInstance } from 'fastify';
import { getTaxReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { resolveReportScope } from './report-scope.js';
import { taxReport } from './tax-report.service.js';

export function taxReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getTaxReport, async ({ account, store, query }) =>
    taxReport(deps, await resolveReportScope(deps, account.id, store, query), query),
  );
}
