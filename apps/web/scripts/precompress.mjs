// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, once, at build
// time, at the highest levels (no request ever pays for them): the API serves the copy the browser
// accepts with Content-Encoding and Vary. A copy that would not be smaller is not written.
// Usage: node scripts/precompress.mjs [dist directory, default ./dist]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses the text files under `dir`; returns their count and the bytes before and after brotli. */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of files(dir)) {
    if (!TEXT.has(path.extname(file))) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += raw.length;
    totals.brotli += Math.min(br.length, raw.length);
    totals.gzip += Math.min(gz.length, raw.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const t = precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`precompress: ${t.files} files, ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
}
