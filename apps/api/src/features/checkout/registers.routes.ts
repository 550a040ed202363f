import type { FastifyInstance } from 'fastify';
import {
  closeRegisterSession,
  getRegisterSession,
  listRegisterSessions,
  openRegisterSession,
  recordCashMovement,
  reportRegisterDevice,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as registers from './registers.service.js';
import * as deviceReports from './register-device-reports.service.js';

/** Register sessions: open, cash in/out, close, list, read, and what a till's device still holds. */
export function registersRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listRegisterSessions, ({ actor, store, query }) =>
    registers.listRegisterSessions(deps, actor, store, query),
  );
  route(app, deps, getRegisterSession, ({ actor, store, params }) =>
    registers.getRegisterSession(deps, actor, store, params.sessionId),
  );
  route(app, deps, openRegisterSession, ({ actor, store, body }) =>
    registers.openRegisterSession(deps, actor, store, body),
  );
  route(app, deps, recordCashMovement, ({ actor, store, params, body }) =>
    registers.recordCashMovement(deps, actor, store, params.sessionId, body),
  );
  route(app, deps, closeRegisterSession, ({ actor, store, params, body }) =>
    registers.closeRegisterSession(deps, actor, store, params.sessionId, body),
  );
  route(app, deps, reportRegisterDevice, ({ actor, store, params, body }) =>
    deviceReports.reportRegisterDevice(deps, actor, store, params.sessionId, body),
  );
}
