import type { FastifyInstance } from 'fastify';
import { getWasteReport, getWasteReportPdf, wasteReportDocument } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { reportPdfRoute } from './report-pdf.js';
import { resolveReportScope } from './report-scope.js';
import { wasteReport } from './waste-report.service.js';

export function wasteReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const read = async ({
    account,
    store,
    query,
  }: Pick<RouteContext<typeof getWasteReport>, 'account' | 'store' | 'query'>) =>
    wasteReport(deps, await resolveReportScope(deps, account.id, store, query), query);
  route(app, deps, getWasteReport, read);
  reportPdfRoute(app, deps, getWasteReportPdf, async (ctx) => wasteReportDocument(await read(ctx)));
}
