import type { FastifyInstance } from 'fastify';
import {
  cancelEmailChange,
  confirmEmailChange,
  getMyProfile,
  signOutEverywhere,
  startEmailChange,
  updateMyProfile,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as profile from './profile.service.js';

/** My profile: the caller's own account, whichever business they work in. */
export function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getMyProfile, ({ account }) => profile.getProfile(deps, account));
  route(app, deps, updateMyProfile, ({ account, actor, body }) => profile.updateProfile(deps, actor, account.id, body));
  route(app, deps, startEmailChange, ({ account, actor, body }) =>
    profile.startEmailChange(deps, actor, account.id, body),
  );
  route(app, deps, cancelEmailChange, ({ account, actor }) =>
    profile.cancelEmailChange(deps, actor, account.id).then(() => null),
  );
  route(app, deps, confirmEmailChange, ({ account, actor, body }) =>
    profile.confirmEmailChange(deps, actor, account.id, body.token),
  );
  route(app, deps, signOutEverywhere, ({ account, actor }) =>
    profile.signOutEverywhere(deps, actor, account.id).then(() => null),
  );
}
