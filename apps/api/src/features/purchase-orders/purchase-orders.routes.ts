import type { FastifyInstance } from 'fastify';
import {
  cancelPurchaseOrder,
  closePurchaseOrder,
  createPurchaseOrder,
  createRestockOrders,
  getPurchaseOrder,
  listPurchaseOrderEvents,
  listPurchaseOrders,
  listReorderSuggestions,
  purchaseOrderPdf,
  recallPurchaseOrder,
  receivePurchaseOrder,
  sendPurchaseOrder,
  updatePurchaseOrder,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as orders from './purchase-orders.service.js';
import * as documents from './purchase-order-pdf.js';
import * as restock from './restock-orders.service.js';

/** Purchase orders: list, read, timeline, create, edit, receive, recall, close, cancel, PDF, send, reorder. */
export function purchaseOrdersRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  // Before /:orderId, though the router prefers the static path anyway.
  route(app, deps, listReorderSuggestions, ({ store, query }) =>
    orders.listReorderSuggestions(db, store, deps.now(), query.vendorId),
  );
  route(app, deps, createRestockOrders, ({ actor, store, idempotency, body }) =>
    restock.createRestockOrders(deps, actor, store, idempotency, body),
  );
  route(app, deps, listPurchaseOrders, ({ store, query }) => orders.listPurchaseOrders(db, store, query));
  route(app, deps, getPurchaseOrder, ({ store, params }) => orders.loadOrder(db, store, params.orderId));
  route(app, deps, listPurchaseOrderEvents, ({ store, params }) =>
    orders.listPurchaseOrderEvents(db, store, params.orderId),
  );
  route(app, deps, createPurchaseOrder, ({ actor, store, body }) =>
    db.transaction((tx) => orders.createPurchaseOrderIn(tx, actor, store, body)),
  );
  route(app, deps, updatePurchaseOrder, ({ actor, store, params, body }) =>
    db.transaction((tx) => orders.updatePurchaseOrderIn(tx, actor, store, params.orderId, body)),
  );
  route(app, deps, receivePurchaseOrder, ({ actor, store, idempotency, params, body }) =>
    orders.receivePurchaseOrder(deps, actor, store, idempotency, params.orderId, body),
  );
  route(app, deps, recallPurchaseOrder, ({ actor, store, idempotency, params, body }) =>
    orders.recallPurchaseOrder(deps, actor, store, idempotency, params.orderId, body),
  );
  route(app, deps, closePurchaseOrder, ({ actor, store, params, body }) =>
    db.transaction((tx) => orders.closePurchaseOrderIn(tx, actor, store, params.orderId, body)),
  );
  route(app, deps, cancelPurchaseOrder, ({ actor, store, params, body }) =>
    db.transaction((tx) => orders.cancelPurchaseOrderIn(tx, actor, store, params.orderId, body)),
  );
  route(app, deps, purchaseOrderPdf, async ({ store, params, reply }) => {
    const { filename, pdf } = await documents.purchaseOrderPdf(db, store, params.orderId);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('content-length', pdf.length);
    return pdf;
  });
  route(app, deps, sendPurchaseOrder, ({ actor, store, params, body }) =>
    documents.sendPurchaseOrder(deps, actor, store, params.orderId, body),
  );
}
