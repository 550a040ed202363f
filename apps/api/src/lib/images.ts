import { crc32 } from 'node:zlib';
import { AppError } from '../http/app-error.js';

/**
 * Uploaded images (product images, waste photos, business logos): the bytes must be a whole image of
 * the type they were sent as, read to their end without decoding pixels. A file that only starts like
 * an image (an HTML page behind a PNG signature, a cut-off upload, a signature followed by garbage) is
 * refused: browsers, PDF writers and mail clients get the bytes later and must not meet a surprise.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * Each side at most this many pixels, and at most MAX_IMAGE_PIXELS in all: a small compressed file can
 * declare a huge canvas, which whoever decodes it (a browser, pdf-lib printing a PNG logo) pays for.
 */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes' signature claims; undefined when none we take. Says nothing of the rest. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return undefined;
}

function dimensionDefect(width: number, height: number): string | undefined {
  if (width < 1 || height < 1) return 'it declares no width or height';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return `it is ${width} × ${height} pixels; the most is ${MAX_IMAGE_SIDE} a side and ${MAX_IMAGE_PIXELS / 1e6} million in all`;
  return undefined;
}

/** Allowed bit depths per PNG colour type (PNG 11.2.2). */
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/**
 * PNG: the signature, then chunks each whole and with a matching CRC: IHDR first (valid header, sane
 * size), at least one IDAT, and IEND last with nothing after it.
 */
export function pngDefect(bytes: Buffer): string | undefined {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'it has no PNG signature';
  let offset = 8;
  let chunks = 0;
  let hasData = false;
  while (offset < bytes.length) {
    if (bytes.length - offset < 12) return 'it ends inside a chunk';
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return 'a chunk has no valid type';
    const dataEnd = offset + 8 + length;
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) return 'it ends inside a chunk';
    const data = bytes.subarray(offset + 8, dataEnd);
    if (crc32(data, crc32(bytes.subarray(offset + 4, offset + 8))) >>> 0 !== bytes.readUInt32BE(dataEnd))
      return `its ${type} chunk is damaged (CRC)`;
    if (chunks === 0) {
      if (type !== 'IHDR' || length !== 13) return 'it does not start with an IHDR chunk';
      const bad = dimensionDefect(data.readUInt32BE(0), data.readUInt32BE(4));
      if (bad) return bad;
      const [depth, colour, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
      if (!PNG_BIT_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
        return 'its IHDR chunk is not valid';
    } else if (type === 'IHDR') return 'it has a second IHDR chunk';
    if (type === 'IDAT') hasData = true;
    chunks += 1;
    offset = dataEnd + 4;
    if (type === 'IEND') {
      if (!hasData) return 'it has no image data';
      return offset === bytes.length ? undefined : 'it has data after its end (IEND)';
    }
  }
  return 'it has no end (IEND)';
}

/** Start-of-frame markers: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers that stand alone, without a length: TEM and RST0–RST7. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: SOI, then segments each whole: a start-of-frame with the size and its components before the
 * first scan (SOS), the scans' entropy-coded data, and EOI as the file's last two bytes.
 */
export function jpegDefect(bytes: Buffer): string | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return 'it has no JPEG start (SOI)';
  let offset = 2;
  let hasFrame = false;
  let hasScan = false;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return 'it has bytes between segments that are not a marker';
    while (bytes[offset] === 0xff) offset += 1; // fill bytes
    if (offset >= bytes.length) break;
    const marker = bytes[offset]!;
    offset += 1;
    if (marker === 0xd9) {
      if (!hasFrame || !hasScan) return 'it ends before its image data';
      return offset === bytes.length ? undefined : 'it has data after its end (EOI)';
    }
    if (marker === 0xd8 || marker === 0x00) return 'it has a marker out of place';
    if (standsAlone(marker)) continue;
    if (offset + 2 > bytes.length) break;
    const length = bytes.readUInt16BE(offset);
    if (length < 2 || offset + length > bytes.length) return 'it ends inside a segment';
    if (isStartOfFrame(marker)) {
      const components = bytes[offset + 7];
      if (length < 8 || components === undefined || components < 1 || length !== 8 + 3 * components)
        return 'its frame header (SOF) is not valid';
      const bad = dimensionDefect(bytes.readUInt16BE(offset + 5), bytes.readUInt16BE(offset + 3));
      if (bad) return bad;
      hasFrame = true;
    }
    offset += length;
    if (marker === 0xda) {
      if (!hasFrame) return 'it has image data before its frame header (SOF)';
      hasScan = true;
      // Entropy-coded data runs to the next marker; 0xFF00 is an escaped byte, RSTn belong to the scan.
      while (offset < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1];
          if (next !== 0x00 && !(next !== undefined && next >= 0xd0 && next <= 0xd7)) break;
          offset += 2;
        } else offset += 1;
      }
    }
  }
  return 'it has no end (EOI)';
}

/**
 * WebP: the RIFF size is the file's, the chunks fill it exactly, and the first is an image (VP8, VP8L)
 * or the extended header (VP8X) with a sane canvas.
 */
export function webpDefect(bytes: Buffer): string | undefined {
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    return 'it has no WebP header';
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return 'its RIFF size is not the file’s size';
  const first = bytes.toString('latin1', 12, 16);
  let offset = 12;
  while (offset < bytes.length) {
    if (bytes.length - offset < 8) return 'it ends inside a chunk';
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (end > bytes.length) return 'it ends inside a chunk';
    offset = end;
  }
  const data = bytes.subarray(20);
  let size: [number, number] | undefined;
  if (first === 'VP8 ' && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a)
    size = [data.readUInt16LE(6) & 0x3fff, data.readUInt16LE(8) & 0x3fff];
  else if (first === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = data.readUInt32LE(1);
    size = [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  } else if (first === 'VP8X' && data.length >= 10) size = [data.readUIntLE(4, 3) + 1, data.readUIntLE(7, 3) + 1];
  if (!size) return 'it does not start with an image chunk';
  return dimensionDefect(size[0], size[1]);
}

const defectOf: Record<ImageType, (bytes: Buffer) => string | undefined> = {
  'image/png': pngDefect,
  'image/jpeg': jpegDefect,
  'image/webp': webpDefect,
};

/** Why the bytes are not a whole image of their type; undefined when they are one. */
export function imageDefect(type: ImageType, bytes: Buffer): string | undefined {
  return defectOf[type](bytes);
}

/**
 * An uploaded image is what it says and whole: a type we do not take, or bytes of another type than
 * declared, is a 415; bytes that start as the type but are not a whole image of it are a 400
 * IMAGE_INVALID saying why. Answers the type.
 */
export function checkImageUpload(contentType: string, bytes: Buffer): ImageType {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  const actual = sniffImageType(bytes);
  if (actual !== declared)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      actual
        ? `The file is ${actual.slice(6).toUpperCase()} but was sent as ${declared}`
        : 'The file is not a JPEG, PNG or WebP image',
    );
  const defect = imageDefect(actual, bytes);
  if (defect)
    throw new AppError('IMAGE_INVALID', `The file is not a whole ${actual.slice(6).toUpperCase()} image: ${defect}`, {
      errors: [{ field: 'body', message: `Not a whole ${actual.slice(6).toUpperCase()} image` }],
    });
  return actual;
}
