import type { FastifyInstance } from 'fastify';
import { getRestockReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { resolveReportScope } from './report-scope.js';
import { restockReport } from './restock-report.service.js';

/**
 * GET /reports/restock. The list is taken now, so a period in the query is accepted and not used:
 * the service reports each store's last 30 days (its own calendar) as the scope's days.
 */
export function restockReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getRestockReport, async ({ account, store, query }) => {
    const day = deps.now().toISOString().slice(0, 10);
    const period = { from: query.from ?? day, to: query.to ?? day };
    return restockReport(
      deps,
      await resolveReportScope(deps, account.id, store, { ...period, storeId: query.storeId }),
    );
  });
}
