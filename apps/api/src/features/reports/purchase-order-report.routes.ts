import type { FastifyInstance } from 'fastify';
import { getPurchaseOrderReport, getPurchaseOrderReportPdf, purchaseOrderReportDocument } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { reportPdfRoute } from './report-pdf.js';
import { purchaseOrderReport } from './purchase-order-report.service.js';
import { resolveReportScope } from './report-scope.js';

export function purchaseOrderReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const read = async ({
    account,
    store,
    query,
  }: Pick<RouteContext<typeof getPurchaseOrderReport>, 'account' | 'store' | 'query'>) =>
    purchaseOrderReport(deps, await resolveReportScope(deps, account.id, store, query), query);
  route(app, deps, getPurchaseOrderReport, read);
  reportPdfRoute(app, deps, getPurchaseOrderReportPdf, async (ctx) => purchaseOrderReportDocument(await read(ctx)));
}
