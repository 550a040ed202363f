import type { FastifyInstance } from 'fastify';
import {
  approveWaste,
  getWaste,
  getWastePhoto,
  listWaste,
  listWasteEvents,
  putWastePhoto,
  recordWaste,
  rejectWaste,
  setWasteApprovalThreshold,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as waste from './waste.service.js';

/** Waste: record (pending above the store threshold without waste.approve), approve, reject, photo. */
export function wasteRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listWaste, ({ store, query }) => waste.listWaste(db, store, query));
  route(app, deps, getWaste, ({ actor, store, params }) => waste.getWaste(deps, actor, store, params.wasteId));
  route(app, deps, listWasteEvents, ({ store, params }) => waste.listWasteEvents(db, store, params.wasteId));
  route(app, deps, recordWaste, ({ actor, store, idempotency, body }) =>
    waste.recordWaste(deps, actor, store, idempotency, body),
  );
  route(app, deps, approveWaste, ({ actor, store, idempotency, params, body }) =>
    waste.approveWaste(deps, actor, store, idempotency, params.wasteId, body),
  );
  route(app, deps, rejectWaste, ({ actor, store, params, body }) =>
    waste.rejectWaste(deps, actor, store, params.wasteId, body.reason),
  );
  route(app, deps, putWastePhoto, ({ actor, store, params, body, request }) =>
    waste.putWastePhoto(
      deps,
      actor,
      store,
      params.wasteId,
      String(request.headers['content-type'] ?? ''),
      body as unknown as Buffer,
    ),
  );
  route(app, deps, getWastePhoto, async ({ store, params, reply }) => {
    const photo = await waste.getWastePhoto(db, store, params.wasteId);
    reply
      .header('content-type', photo.contentType)
      .header('content-length', String(photo.byteSize))
      .header('cache-control', 'private, no-cache');
    return photo.bytes;
  });
  route(app, deps, setWasteApprovalThreshold, ({ actor, store, body }) =>
    waste.setWasteApprovalThreshold(deps, actor, store, body.thresholdMinor),
  );
}
