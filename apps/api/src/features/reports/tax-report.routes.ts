import type { FastifyInstance } from 'fastify';
import { getTaxReport, getTaxReportPdf, taxReportDocument } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { reportPdfRoute } from './report-pdf.js';
import { resolveReportScope } from './report-scope.js';
import { taxReport } from './tax-report.service.js';

export function taxReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const read = async ({
    account,
    store,
    query,
  }: Pick<RouteContext<typeof getTaxReport>, 'account' | 'store' | 'query'>) =>
    taxReport(deps, await resolveReportScope(deps, account.id, store, query), query);
  route(app, deps, getTaxReport, read);
  reportPdfRoute(app, deps, getTaxReportPdf, async (ctx) => taxReportDocument(await read(ctx)));
}
