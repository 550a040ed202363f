import type { FastifyInstance } from 'fastify';
import { getPurchaseOrderReport } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { purchaseOrderReport } from './purchase-order-report.service.js';
import { resolveReportScope } from './report-scope.js';

export function purchaseOrderReportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getPurchaseOrderReport, async ({ account, store, query }) =>
    purchaseOrderReport(deps, await resolveReportScope(deps, account.id, store, query), query),
  );
}
