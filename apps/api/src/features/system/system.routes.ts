import type { FastifyInstance } from 'fastify';
import { getHealth, getReady } from '@ipos/contracts';
import { route } from '../../http/route.js';
import { AppError } from '../../http/app-error.js';
import { APP_VERSION } from '../../config/app-version.js';

export function systemRoutes(app: FastifyInstance, deps: import('../../http/context.js').AppDeps) {
  route(app, deps, getHealth, async () => ({ status: 'ok' as const, version: APP_VERSION }));

  route(app, deps, getReady, async () => {
    try {
      await deps.database.ping();
    } catch {
      throw new AppError('NOT_READY', 'The database is not reachable');
    }
    return { status: 'ready' as const, database: deps.database.driver };
  });
}
