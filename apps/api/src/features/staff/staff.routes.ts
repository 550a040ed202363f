import type { FastifyInstance } from 'fastify';
import { resetStaffPin } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as staff from './staff.service.js';

export function staffRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, resetStaffPin, ({ actor, store, params }) =>
    staff.resetStaffPin(deps, actor, store, params.accountId).then(() => null),
  );
}
