import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** Register sessions: open, cash in/out, close, list, read. */
export function registersRoutes(_app: FastifyInstance, _deps: AppDeps) {}
