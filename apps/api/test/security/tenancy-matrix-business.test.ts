import { isSellingRoute, tenancyMatrixSuite } from './tenancy-matrix.suite.js';

// Every route the selling group leaves: admin mode, staff, roles, settings, buying, waste, invoices, reports, audit.
tenancyMatrixSuite('business, buying and settings', (op) => !isSellingRoute(op));
