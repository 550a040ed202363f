import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** Products: list, search, barcode lookup, create, update, archive, image. */
export function productsRoutes(_app: FastifyInstance, _deps: AppDeps) {}
