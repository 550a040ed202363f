import type { FastifyInstance } from 'fastify';
import { getSalesReport, getSalesReportPdf, salesReportDocument } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { reportPdfRoute } from './report-pdf.js';
import { resolveReportScope } from './report-scope.js';
import { salesReport } from './sales-report.service.js';

export function salesReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const read = async ({
    account,
    store,
    query,
  }: Pick<RouteContext<typeof getSalesReport>, 'account' | 'store' | 'query'>) =>
    salesReport(deps, await resolveReportScope(deps, account.id, store, query), query);
  route(app, deps, getSalesReport, read);
  reportPdfRoute(app, deps, getSalesReportPdf, async (ctx) => salesReportDocument(await read(ctx)));
}
