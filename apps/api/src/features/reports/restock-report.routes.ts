import type { FastifyInstance } from 'fastify';
import { getRestockReport, getRestockReportPdf, restockReportDocument, storeDay } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { reportPdfRoute } from './report-pdf.js';
import { resolveReportScope } from './report-scope.js';
import { restockReport } from './restock-report.service.js';

export function restockReportRoutes(app: FastifyInstance, deps: AppDeps) {
  const read = async ({
    account,
    store,
    query,
  }: Pick<RouteContext<typeof getRestockReport>, 'account' | 'store' | 'query'>) => {
    const day = storeDay(store.timeZone, deps.now());
    const period = { from: query.from ?? day, to: query.to ?? day };
    return restockReport(
      deps,
      await resolveReportScope(deps, account.id, store, { ...period, storeId: query.storeId }),
    );
  };
  route(app, deps, getRestockReport, read);
  reportPdfRoute(app, deps, getRestockReportPdf, async (ctx) => restockReportDocument(await read(ctx)));
}
