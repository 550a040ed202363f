import type { FastifyInstance } from 'fastify';
import {
  changePassword,
  changePin,
  createPin,
  getMe,
  replaceDefaultPassword,
  resetPin,
  verifyPin,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as accounts from './accounts.service.js';
import * as credentials from './credentials.service.js';

export function accountsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getMe, ({ account }) => accounts.getMe(deps, account));

  route(app, deps, changePassword, ({ account, actor, body }) =>
    credentials.changePassword(deps, actor, account.id, body.currentPassword, body.newPassword).then(() => null),
  );

  route(app, deps, replaceDefaultPassword, ({ account, actor, body }) =>
    credentials.replaceDefaultPassword(deps, actor, account, body.newPassword).then(() => null),
  );

  route(app, deps, createPin, ({ account, actor, body }) =>
    credentials.createPin(deps, actor, account.id, body.pin).then(() => null),
  );

  route(app, deps, verifyPin, ({ account, actor, body }) => credentials.verifyPin(deps, actor, account.id, body.pin));

  route(app, deps, changePin, ({ account, actor, body }) =>
    credentials.changePin(deps, actor, account.id, body.currentPin, body.newPin).then(() => null),
  );

  route(app, deps, resetPin, ({ account, actor, body }) =>
    credentials.resetPin(deps, actor, account.id, body.password, body.newPin).then(() => null),
  );
}
