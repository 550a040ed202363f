import { isSellingRoute, tenancyMatrixSuite } from './tenancy-matrix.suite.js';

// Catalogue, stock, checkout, sales, taxes and contacts; the other routes are in tenancy-matrix-business.
tenancyMatrixSuite('selling and stock', isSellingRoute, { selfCheck: true });
