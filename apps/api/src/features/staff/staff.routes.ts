import type { FastifyInstance } from 'fastify';
import {
  acceptMyInvitation,
  createStaffMember,
  declineMyInvitation,
  listMyInvitations,
  listStaffInvitations,
  resendStaffInvitationById,
  withdrawStaffInvitation,
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
import * as invitations from './invitations.service.js';

/** Staff: the business's people, their role and stores, and invitations, for settings.staff holders. */
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
    db.transaction((tx) => invitations.inviteStaffMemberIn(deps, tx, actor, store, body)).then(thenMail),
  );
  route(app, deps, listStaffInvitations, ({ store }) => invitations.listStaffInvitations(db, deps, store));
  route(app, deps, resendStaffInvitationById, ({ actor, store, params, body }) =>
    db
      .transaction((tx) =>
        invitations.resendStaffInvitationIn(deps, tx, actor, store, params.invitationId, body.version),
      )
      .then(thenMail),
  );
  route(app, deps, withdrawStaffInvitation, ({ actor, store, params, body }) =>
    db.transaction((tx) =>
      invitations.withdrawStaffInvitationIn(deps, tx, actor, store, params.invitationId, body.version),
    ),
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
      .transaction((tx) => invitations.resendDefaultPasswordIn(deps, tx, actor, store, params.accountId, body.version))
      .then(thenMail),
  );
  route(app, deps, resetStaffPin, ({ actor, store, params }) =>
    staff.resetStaffPin(deps, actor, store, params.accountId).then(() => thenMail(null)),
  );

  // The invited person's own answers.
  route(app, deps, listMyInvitations, ({ account }) => invitations.listMyInvitations(db, deps, account.id));
  route(app, deps, acceptMyInvitation, ({ actor, params }) =>
    db.transaction((tx) => invitations.acceptMyInvitationIn(deps, tx, actor, params.invitationId)),
  );
  route(app, deps, declineMyInvitation, ({ actor, params }) =>
    db.transaction((tx) => invitations.declineMyInvitationIn(deps, tx, actor, params.invitationId)).then(() => null),
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
