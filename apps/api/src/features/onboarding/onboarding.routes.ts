import type { FastifyInstance } from 'fastify';
import { forgotPassword, register, resetPassword, verifyEmail } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as onboarding from './onboarding.service.js';

export function onboardingRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, register, ({ actor, body }) => onboarding.register(deps, actor, body).then(() => null));

  route(app, deps, verifyEmail, ({ actor, body }) => onboarding.verifyEmail(deps, actor, body.token));

  route(app, deps, forgotPassword, ({ actor, body }) =>
    onboarding.forgotPassword(deps, actor, body.email).then(() => null),
  );

  route(app, deps, resetPassword, ({ actor, body }) =>
    onboarding.resetPassword(deps, actor, body.token, body.newPassword).then(() => null),
  );
}
