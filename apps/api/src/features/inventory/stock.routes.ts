import type { FastifyInstance } from 'fastify';
import {
  cancelStockCount,
  cancelStockTransfer,
  createStockAdjustment,
  createStockCount,
  createStockTransfer,
  getStockAdjustment,
  getStockCount,
  getStockTransfer,
  listProductMovements,
  listStockCounts,
  listStockTransfers,
  postStockCount,
  previewStockCount,
  receiveStockTransfer,
  recordStockCountLines,
  scanStockCount,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as adjustments from './stock-adjustments.service.js';
import * as counts from './stock-counts.service.js';
import * as movements from './stock-movements.service.js';
import * as transfers from './stock-transfers.service.js';

/** Stock: movement history, adjustments, counts, transfers. */
export function stockRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listProductMovements, ({ store, params, query }) =>
    movements.listProductMovements(deps, store, params.productId, query),
  );

  route(app, deps, createStockAdjustment, ({ actor, store, body }) =>
    adjustments.createStockAdjustment(deps, actor, store, body),
  );
  route(app, deps, getStockAdjustment, ({ store, params }) =>
    adjustments.getStockAdjustment(deps, store, params.adjustmentId),
  );

  route(app, deps, listStockCounts, ({ store, query }) => counts.listStockCounts(deps, store, query));
  route(app, deps, previewStockCount, ({ store, query }) => counts.previewStockCount(deps, store, query));
  route(app, deps, createStockCount, ({ actor, store, body }) => counts.createStockCount(deps, actor, store, body));
  route(app, deps, getStockCount, ({ store, params }) => counts.getStockCount(deps, store, params.countId));
  route(app, deps, recordStockCountLines, ({ actor, store, params, body }) =>
    counts.recordStockCountLines(deps, actor, store, params.countId, body),
  );
  route(app, deps, scanStockCount, ({ actor, store, params, body }) =>
    counts.scanStockCount(deps, actor, store, params.countId, body),
  );
  route(app, deps, postStockCount, ({ actor, store, params, body }) =>
    counts.postStockCount(deps, actor, store, params.countId, body.version),
  );
  route(app, deps, cancelStockCount, ({ actor, store, params, body }) =>
    counts.cancelStockCount(deps, actor, store, params.countId, body.version),
  );

  route(app, deps, listStockTransfers, ({ store, query }) => transfers.listStockTransfers(deps, store, query));
  route(app, deps, createStockTransfer, ({ actor, store, body }) =>
    transfers.createStockTransfer(deps, actor, store, body),
  );
  route(app, deps, getStockTransfer, ({ store, params }) => transfers.getStockTransfer(deps, store, params.transferId));
  route(app, deps, receiveStockTransfer, ({ actor, store, params, body }) =>
    transfers.receiveStockTransfer(deps, actor, store, params.transferId, body.version),
  );
  route(app, deps, cancelStockTransfer, ({ actor, store, params, body }) =>
    transfers.cancelStockTransfer(deps, actor, store, params.transferId, body.version),
  );
}
