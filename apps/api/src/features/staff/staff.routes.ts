import type { FastifyInstance } from 'fastify';
import {
  createStaffMember,
  getAdminStaffOptions,
  inviteAdminUser,
  listAdminUsers,
  deactivateStaffMember,
  getStaffMember,
  getStaffOptions,
  listStaff,
  reactivateStaffMember,
  resendStaffInvitation,
  resetStaffPin,
  updateStaffMember,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as staff from './staff.service.js';
import * as adminUsers from './admin-users.service.js';

/** Staff (issue 8): the business's people, their role and stores, for settings.staff holders. */
export function staffRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  // The invitation is committed in the outbox with the change; deliver it now rather than at the next flush.
  const thenMail = <T>(result: T) => {
    void deps.mailer.flush(db).catch(() => undefined);
    return result;
  };
  route(app, deps, listStaff, ({ store, query }) => staff.listStaff(db, store, query));
  route(app, deps, getStaffOptions, ({ actor, store }) => staff.getStaffOptions(db, actor, store));
  route(app, deps, getStaffMember, ({ store, params }) => staff.getStaffMember(db, store, params.accountId));
  route(app, deps, createStaffMember, ({ actor, store, body }) =>
    db.transaction((tx) => staff.createStaffMemberIn(deps, tx, actor, store, body)).then(thenMail),
  );
  route(app, deps, updateStaffMember, ({ actor, store, params, body }) =>
    db.transaction((tx) => staff.updateStaffMemberIn(tx, actor, store, params.accountId, body)),
  );
  route(app, deps, deactivateStaffMember, ({ actor, store, params, body }) =>
    db.transaction((tx) => staff.setStaffActiveIn(tx, deps, actor, store, params.accountId, body.version, false)),
  );
  route(app, deps, reactivateStaffMember, ({ actor, store, params, body }) =>
    db.transaction((tx) => staff.setStaffActiveIn(tx, deps, actor, store, params.accountId, body.version, true)),
  );
  route(app, deps, resendStaffInvitation, ({ actor, store, params, body }) =>
    db
      .transaction((tx) => staff.resendInvitationIn(deps, tx, actor, store, params.accountId, body.version))
      .then(thenMail),
  );
  route(app, deps, resetStaffPin, ({ actor, store, params }) =>
    staff.resetStaffPin(deps, actor, store, params.accountId).then(() => null),
  );

  // Admin mode: route() has checked that the caller owns a business (or the one in the path).
  route(app, deps, listAdminUsers, ({ account, query }) => adminUsers.listAdminUsers(db, account.id, query));
  route(app, deps, getAdminStaffOptions, ({ actor, account, params }) =>
    adminUsers.getAdminStaffOptions(db, actor, account.id, params.businessId),
  );
  route(app, deps, inviteAdminUser, ({ actor, params, body }) =>
    db.transaction((tx) => adminUsers.inviteAdminUserIn(deps, tx, actor, params.businessId, body)).then(thenMail),
  );
}
