import type { FastifyInstance } from 'fastify';
import {
  archiveProduct,
  createProduct,
  deleteProductImage,
  findByBarcode,
  getProduct,
  getProductImage,
  listProducts,
  putProductImage,
  unarchiveProduct,
  updateProduct,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route } from '../../http/route.js';
import { notFound } from '../../http/app-error.js';
import * as products from './products.service.js';

/** Products: list, search, barcode lookup, create, update, archive, image. */
export function productsRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db;
  route(app, deps, listProducts, ({ store, query }) => products.listProducts(db, store, query));
  // Registered before /:productId so the literal segment wins (find-my-way prefers static segments anyway).
  route(app, deps, findByBarcode, async ({ store, params }) => {
    const sellable = await products.findSellableByBarcode(db, store, params.code);
    if (!sellable) throw notFound('A product with this barcode');
    return sellable;
  });
  route(app, deps, getProduct, ({ store, params }) => products.getProduct(db, store, params.productId));
  route(app, deps, createProduct, ({ actor, store, body }) => products.createProduct(deps, actor, store, body));
  route(app, deps, updateProduct, ({ actor, store, params, body }) =>
    products.updateProduct(deps, actor, store, params.productId, body),
  );
  route(app, deps, archiveProduct, ({ actor, store, params, body }) =>
    products.setProductArchived(deps, actor, store, params.productId, body.version, true),
  );
  route(app, deps, unarchiveProduct, ({ actor, store, params, body }) =>
    products.setProductArchived(deps, actor, store, params.productId, body.version, false),
  );
  route(app, deps, putProductImage, ({ actor, store, params, body, request }) =>
    products.putProductImage(
      deps,
      actor,
      store,
      params.productId,
      String(request.headers['content-type'] ?? ''),
      body as unknown as Buffer,
    ),
  );
  route(app, deps, deleteProductImage, ({ actor, store, params }) =>
    products.deleteProductImage(deps, actor, store, params.productId),
  );
  route(app, deps, getProductImage, async ({ store, params, reply }) => {
    const image = await products.getProductImage(db, store, params.productId);
    reply
      .header('content-type', image.contentType)
      .header('content-length', String(image.byteSize))
      .header('etag', `"${params.productId}-${image.imageVersion ?? 0}"`)
      .header('cache-control', 'private, max-age=86400');
    return image.bytes;
  });
}
