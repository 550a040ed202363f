import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** waste (issue 6). */
export function wasteRoutes(_app: FastifyInstance, _deps: AppDeps) {}
