import type { FastifyInstance } from 'fastify';
import { getWasteReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { resolveReportScope } from './report-scope.js';
import { wasteReport } from './waste-report.service.js';

export function wasteReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getWasteReport, async ({ account, store, query }) =>
    wasteReport(deps, await resolveReportScope(deps, account.id, store, query), query),
  );
}
