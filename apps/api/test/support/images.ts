import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { Executor } from '../../src/db/client.js';
import {
  deleteBusinessLogoRow,
  updateBusinessRow,
  upsertBusinessLogo,
} from '../../src/features/businesses/business-profile.repository.js';

/** A real 1 × 1 PNG (a red pixel), as a business logo or product photo in tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 3 × 2 baseline JPEG (Chromium's encoder, its ICC profile left out). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAaEAEAAQUAAAAAAAAAAAAAAAAAAgEEM3Oy/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAcEQABAwUAAAAAAAAAAAAAAAAAAQIDBTE0crH/2gAMAwEAAhEDEQA/AJZd5Y64cUAF22QtFOxItW8Q/9k=',
  'base64',
);

/** A real 3 × 2 lossy WebP (a RIFF header and one VP8 chunk). */
export const TINY_WEBP = Buffer.from(
  'UklGRlAAAABXRUJQVlA4IEQAAAAwAgCdASoDAAIAAUAmJagCdLoB+AADIPG/gAD++JcvY7gcE/+QXLC65Gv/dtP+PW/n//U3/GVPaCf8et/P/+pv/4uYAA==',
  'base64',
);

/** How many images the PDF's pages draw (image XObjects in their resources; a PNG's alpha mask is not one). */
export async function imagesIn(pdf: Buffer | Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(pdf);
  let count = 0;
  for (const page of doc.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const object = doc.context.lookup(ref);
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) count += 1;
    }
  }
  return count;
}

/**
 * Runs `body` while the business has TINY_PNG as its logo (written as the upload writes it), then
 * takes the logo away again, so the other tests of a file see the business as seeded.
 */
export async function withBusinessLogo(db: Executor, businessId: string, body: () => Promise<void>) {
  await upsertBusinessLogo(db, { businessId, contentType: 'image/png', bytes: TINY_PNG });
  await updateBusinessRow(db, businessId, { logoVersion: 1 }, { bumpVersion: false });
  try {
    await body();
  } finally {
    await deleteBusinessLogoRow(db, businessId);
    await updateBusinessRow(db, businessId, { logoVersion: null }, { bumpVersion: false });
  }
}
