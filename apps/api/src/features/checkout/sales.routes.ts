import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** Sales: complete a sale (idempotent), read one. */
export function salesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
