import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  createProduct,
  deleteProductImage,
  getProduct,
  getProductImage,
  MAX_PRODUCT_IMAGE_BYTES,
  putProductImage,
  type Product,
} from '@ipos/contracts';
import { auditEvents } from '../../src/db/schema.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { caller, uniqueSku, type DemoIds } from './products-fixtures.js';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from '../support/images.js';

const PNG = TINY_PNG;
const JPEG = TINY_JPEG;
const WEBP = TINY_WEBP;

describe('product image PUT/GET/DELETE /api/v1/products/:productId/image', () => {
  let server: TestServer;
  let demo: DemoIds;
  let call: ReturnType<typeof caller>;
  let product: Product;

  const put = (bytes: Buffer | string, contentType: string, as?: string) =>
    call(putProductImage, {
      params: { productId: product.id },
      body: bytes,
      headers: { 'content-type': contentType },
      ...(as ? { as } : {}),
    });

  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
    const res = await call(createProduct, {
      body: {
        name: 'Gala Sausage Roll (image test)',
        unit: 'each',
        variants: [{ sku: uniqueSku('GALA'), sellingPriceMinor: 30_000 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    product = res.json();
  });
  afterAll(() => server.close());

  it('uploads, serves, replaces and removes the image; imageVersion moves on; audited without the bytes', async () => {
    const first = await put(PNG, 'image/png');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ imageVersion: 1, version: product.version });

    const got = await call(getProductImage, { as: DEMO.cashier, params: { productId: product.id } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers.etag).toBe(`"${product.id}-1"`);
    // Cacheable in the browser only (the URL changes with every new image: `imageVersion`).
    expect(got.headers['cache-control']).toBe('private, max-age=86400');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    const second = await put(JPEG, 'image/jpeg');
    expect(second.json()).toMatchObject({ imageVersion: 2 });
    const replaced = await call(getProductImage, { params: { productId: product.id } });
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(replaced.rawPayload.equals(JPEG)).toBe(true);
    expect((await put(WEBP, 'image/webp')).json()).toMatchObject({ imageVersion: 3 });

    const removed = await call(deleteProductImage, { params: { productId: product.id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ imageVersion: null });
    expect((await call(getProductImage, { params: { productId: product.id } })).statusCode).toBe(404);
    expect(((await call(getProduct, { params: { productId: product.id } })).json() as Product).imageVersion).toBeNull();

    const audit = await server.deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'product'), eq(auditEvents.entityId, product.id)))
      .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === 'product.image_changed')).toHaveLength(3);
    expect(actions).toContain('product.image_removed');
    const changed = audit.find((a) => a.action === 'product.image_changed')!;
    expect(changed.after).toEqual({ imageVersion: 1, contentType: 'image/png', byteSize: PNG.length });
  });

  it('415 when the bytes are not the declared type, or not an image; 415 for JSON; 413 above 1 MB', async () => {
    const mismatch = await put(JPEG, 'image/png');
    expect(mismatch.statusCode).toBe(415);
    expect(mismatch.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await put(Buffer.from('GIF89a-not-taken'), 'image/webp')).statusCode).toBe(415);
    const json = await call(putProductImage, { params: { productId: product.id }, body: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await put(PNG, 'image/gif')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_PRODUCT_IMAGE_BYTES, 0)]);
    const tooBig = await put(big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(((await call(getProduct, { params: { productId: product.id } })).json() as Product).imageVersion).toBeNull();
  });

  it('401 without a token; 403 for IPOS_BASIC on changes; 404 for an unknown product', async () => {
    const anonymous = await call(putProductImage, {
      as: null,
      params: { productId: product.id },
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await put(PNG, 'image/png', DEMO.cashier)).statusCode).toBe(403);
    expect((await call(deleteProductImage, { as: DEMO.cashier, params: { productId: product.id } })).statusCode).toBe(
      403,
    );
    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    expect(
      (
        await call(putProductImage, {
          params: { productId: unknown },
          body: PNG,
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(getProductImage, { params: { productId: unknown } })).statusCode).toBe(404);
  });
});
