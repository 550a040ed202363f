import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** Stock: movement history, adjustments, counts, transfers. */
export function stockRoutes(_app: FastifyInstance, _deps: AppDeps) {}
