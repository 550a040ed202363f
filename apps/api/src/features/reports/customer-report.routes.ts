import type { FastifyInstance } from 'fastify';
import { getCustomerReport, getCustomerReportPdf, customerReportDocument } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { reportPdfRoute } from './report-pdf.js';
import { customerReport } from './customer-report.service.js';
import { resolveReportScope } from './report-scope.js';

export function customerReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const read = async ({
    account,
    store,
    query,
  }: Pick<RouteContext<typeof getCustomerReport>, 'account' | 'store' | 'query'>) =>
    customerReport(deps, await resolveReportScope(deps, account.id, store, query), query);
  route(app, deps, getCustomerReport, read);
  reportPdfRoute(app, deps, getCustomerReportPdf, async (ctx) => customerReportDocument(await read(ctx)));
}
