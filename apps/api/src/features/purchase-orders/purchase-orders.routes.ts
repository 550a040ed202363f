import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** purchase-orders (issue 6). */
export function purchaseOrdersRoutes(_app: FastifyInstance, _deps: AppDeps) {}
