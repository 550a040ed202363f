import type { FastifyInstance } from 'fastify';
import { exportAuditEvents, listAuditEvents, listAuditPeople } from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as trail from './audit-trail.service.js';

/** The business's audit trail: the list and its CSV export, for settings.audit holders. */
export function auditTrailRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listAuditEvents, ({ store, query }) => trail.listAuditEvents(db, store, query));
  route(app, deps, listAuditPeople, ({ store }) => trail.listAuditPeople(db, store));
  route(app, deps, exportAuditEvents, async ({ store, query, reply }) => {
    const csv = await trail.exportAuditEvents(db, store, query);
    const fileName = await trail.exportFileName(db, store, deps.now());
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  });
}
