import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context.js';

/** Products as files: CSV import (preview and commit), CSV export, barcode label PDF. */
export function productFilesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
