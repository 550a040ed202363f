import { inflateSync } from 'node:zlib';

/** Every content stream of a PDF, inflated, as one Latin-1 string (text is drawn as hex strings). */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let out = '';
  const re = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const data = bytes.subarray(start, end);
    try {
      out += inflateSync(data).toString('latin1');
    } catch {
      out += data.toString('latin1');
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}
export const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
