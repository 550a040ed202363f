import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/**
 * The text of a PDF as a reader's copy and paste or a search gets it: poppler's `pdftotext`
 * (Debian's poppler-utils), without the marks it puts around right-to-left runs. In reading order,
 * or `raw`: in the order it is drawn (which keeps a rotated stamp's letters together).
 */
export function pdfText(bytes: Uint8Array, order: 'reading' | 'raw' = 'reading'): string {
  const args = ['-enc', 'UTF-8', ...(order === 'raw' ? ['-raw'] : []), '-', '-'];
  let text: string;
  try {
    text = execFileSync('pdftotext', args, { input: bytes, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext is missing: install poppler-utils (apt-get install poppler-utils)', { cause: error });
    throw error;
  }
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** Every run of white space as one space: where a cell's lines break does not matter. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The extracted text holds `drawn`, line breaks apart. */
export function expectDrawn(text: string, drawn: string) {
  expect(oneLine(text), drawn).toContain(oneLine(drawn));
}

/**
 * A name with what a PDF font is likely to miss: a line break, ₦, é, ł, an emoji the embedded font
 * has no glyph for, and Arabic (two words, joined letters, right to left).
 */
export const HOSTILE_NAME = 'line one\nline two ₦500 é ł 🛒 مرحبا بكم';
/** How it prints: the line break as a space or a new line, the emoji as the missing-glyph square. */
export const HOSTILE_PRINTED = 'line one line two ₦500 é ł □ مرحبا بكم';

/** The PDF prints the hostile name as typed, and nothing in it came out as "?". */
export function expectHostileNamePrinted(bytes: Uint8Array, printed = HOSTILE_PRINTED): string {
  const text = pdfText(bytes);
  expectDrawn(text, printed);
  expect(text).not.toContain('?');
  expect(text).not.toContain('\uFFFD');
  return text;
}
