import type { FastifyInstance } from 'fastify';
import { createSupportRequest } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as support from './support.service.js';

/** Support: any signed-in person writes to the support team. */
export function supportRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, createSupportRequest, ({ account, actor, request, body }) =>
    support.createSupportRequest(deps, actor, account, request, body),
  );
}
