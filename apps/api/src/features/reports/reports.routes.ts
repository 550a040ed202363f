import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { customerReportRoutes } from './customer-report.routes.js';
import { purchaseOrderReportRoutes } from './purchase-order-report.routes.js';
import { restockReportRoutes } from './restock-report.routes.js';
import { salesReportRoutes } from './sales-report.routes.js';
import { taxReportRoutes } from './tax-report.routes.js';
import { wasteReportRoutes } from './waste-report.routes.js';

/** The reports: each report's routes. */
export function reportsRoutes(app: FastifyInstance, deps: AppDeps) {
  salesReportRoutes(app, deps);
  taxReportRoutes(app, deps);
  wasteReportRoutes(app, deps);
  customerReportRoutes(app, deps);
  purchaseOrderReportRoutes(app, deps);
  restockReportRoutes(app, deps);
}
