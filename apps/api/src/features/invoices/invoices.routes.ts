import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** invoices (issue 6). */
export function invoicesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
