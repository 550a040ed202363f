import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, deleteBusinessLogo, putBusinessLogo, putProductImage, type Product } from '@ipos/contracts';
import { imageDefect, MAX_IMAGE_SIDE, sniffImageType } from '../../src/lib/images.js';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from '../support/images.js';
import { caller, uniqueSku, type DemoIds } from '../catalog/products-fixtures.js';

const PNG_SIGNATURE = TINY_PNG.subarray(0, 8);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/** TINY_PNG with its IHDR saying another size (CRC right), so only the size is wrong. */
function pngSized(width: number, height: number): Buffer {
  const ihdr = Buffer.from(TINY_PNG.subarray(16, 29));
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), TINY_PNG.subarray(33)]);
}

const withFlippedByte = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};

/** Files that start like an image but are not a whole one: each must be refused. */
const notWhole: Record<string, { type: string; bytes: Buffer }> = {
  'a PNG header followed by garbage': {
    type: 'image/png',
    bytes: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]),
  },
  'an HTML page behind a PNG signature': {
    type: 'image/png',
    bytes: Buffer.concat([PNG_SIGNATURE, Buffer.from('<!doctype html><script>alert(document.cookie)</script>')]),
  },
  'a PNG cut before its end (IEND)': { type: 'image/png', bytes: TINY_PNG.subarray(0, TINY_PNG.length - 12) },
  'a PNG cut inside its image data': { type: 'image/png', bytes: TINY_PNG.subarray(0, 40) },
  'a PNG whose image data is damaged (CRC)': { type: 'image/png', bytes: withFlippedByte(TINY_PNG, 42) },
  'a PNG with an HTML page after its end': {
    type: 'image/png',
    bytes: Buffer.concat([TINY_PNG, Buffer.from('<html><script>alert(1)</script></html>')]),
  },
  'a PNG declaring an absurd size': { type: 'image/png', bytes: pngSized(50_000, 50_000) },
  'a PNG declaring no size': { type: 'image/png', bytes: pngSized(0, 1) },
  'a JPEG without its end (EOI)': { type: 'image/jpeg', bytes: TINY_JPEG.subarray(0, TINY_JPEG.length - 2) },
  'a JPEG header followed by garbage': {
    type: 'image/jpeg',
    bytes: Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 2)]),
  },
  'a JPEG with a page after its end': {
    type: 'image/jpeg',
    bytes: Buffer.concat([TINY_JPEG, Buffer.from('<html></html>')]),
  },
  'a JPEG with no frame (SOF) or image data': { type: 'image/jpeg', bytes: Buffer.from('ffd8ffd9', 'hex') },
  'a WebP whose RIFF size is not its own': {
    type: 'image/webp',
    bytes: Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x40, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(64, 3),
    ]),
  },
  'a WebP cut short': { type: 'image/webp', bytes: TINY_WEBP.subarray(0, TINY_WEBP.length - 10) },
};

describe('what counts as a whole image (lib/images.ts)', () => {
  it('real PNG, JPEG and WebP files are whole', () => {
    expect(imageDefect('image/png', TINY_PNG)).toBeUndefined();
    expect(imageDefect('image/jpeg', TINY_JPEG)).toBeUndefined();
    expect(imageDefect('image/webp', TINY_WEBP)).toBeUndefined();
    expect(imageDefect('image/png', pngSized(MAX_IMAGE_SIDE, 100))).toBeUndefined();
  });

  it.each(Object.entries(notWhole))('%s is not', (_name, { type, bytes }) => {
    expect(sniffImageType(bytes)).toBe(type);
    expect(imageDefect(type as 'image/png', bytes)).toEqual(expect.any(String));
  });
});

describe('uploads refuse what is not a whole image with 400 IMAGE_INVALID', () => {
  let server: TestServer;
  let demo: DemoIds;
  let call: ReturnType<typeof caller>;
  let product: Product;
  beforeAll(async () => {
    server = await createTestServer();
    demo = await demoIds(server);
    call = caller(server, () => demo);
    const created = await call(createProduct, {
      body: { name: 'Image check', unit: 'each', variants: [{ sku: uniqueSku('IMG'), sellingPriceMinor: 1000 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    product = created.json();
  });
  afterAll(() => server.close());

  const putImage = (bytes: Buffer, type: string) =>
    call(putProductImage, { params: { productId: product.id }, body: bytes, headers: { 'content-type': type } });

  it('product images: each damaged or partial file is refused and nothing is stored; real ones are taken', async () => {
    for (const [name, { type, bytes }] of Object.entries(notWhole)) {
      const res = await putImage(bytes, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json(), name).toMatchObject({ code: 'IMAGE_INVALID', errors: [{ field: 'body' }] });
      expect(res.json().detail).toMatch(/^The file is not a whole (PNG|JPEG|WEBP) image: /);
    }
    const stored = await call(putProductImage, {
      params: { productId: product.id },
      body: TINY_PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(stored.json()).toMatchObject({ imageVersion: 1 });
    for (const [bytes, type] of [
      [TINY_JPEG, 'image/jpeg'],
      [TINY_WEBP, 'image/webp'],
    ] as const) {
      const res = await putImage(bytes, type);
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('the business logo: an HTML page behind a PNG signature is refused; a real JPEG is taken', async () => {
    const owner = caller(server, () => demo);
    const html = notWhole['an HTML page behind a PNG signature']!;
    const refused = await owner(putBusinessLogo, {
      as: DEMO.owner,
      body: html.bytes,
      headers: { 'content-type': 'image/png' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'IMAGE_INVALID' });
    const taken = await owner(putBusinessLogo, {
      as: DEMO.owner,
      body: TINY_JPEG,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await owner(deleteBusinessLogo, { as: DEMO.owner })).statusCode).toBe(200);
  });
});
