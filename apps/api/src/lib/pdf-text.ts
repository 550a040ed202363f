import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Text in every PDF the app writes (decision 0026): one open font family, DejaVu (the
 * `dejavu-fonts-ttf` package), embedded as a subset of the glyphs each document uses. Sans for the
 * A4 documents and labels, Sans Mono for the fixed-width receipt. ₦ and the other currency signs,
 * Latin-extended names and Arabic print as typed and extract as text. What the font cannot draw never prints as "?":
 *   - a line break or tab in a one-line field is a space; a multi-line cell breaks its lines there;
 *   - other control characters draw nothing;
 *   - a character the font lacks (most emoji) is its compatibility form when the font has that
 *     ("ﬁ" → "fi"), otherwise a white square "□", the usual mark of a missing glyph.
 * Right-to-left runs (Arabic, Hebrew) are laid out on their own, so the font joins their letters and
 * they read right to left inside a left-to-right line.
 */

export type PdfFontFamily = 'sans' | 'mono';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

const FONT_FILES: Record<PdfFontFamily, { regular: string; bold: string }> = {
  sans: { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' },
  mono: { regular: 'DejaVuSansMono.ttf', bold: 'DejaVuSansMono-Bold.ttf' },
};

/** What a glyph the font lacks prints as. */
const MISSING_GLYPH = '\u25A1';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

// Resolved from node_modules both from the sources (tests) and from the bundle (dist/main.js).
const requireFromHere = createRequire(import.meta.url);

interface LoadedFont {
  bytes: Uint8Array;
  parsed: ParsedFont;
  characters: Set<number>;
}
const loaded = new Map<string, LoadedFont>();
const byBytes = new Map<Uint8Array, LoadedFont>();

/** The font file read and parsed once per process: parsing and its layout tables cost far more than a document. */
function loadFont(file: string): LoadedFont {
  let font = loaded.get(file);
  if (!font) {
    const bytes = readFileSync(requireFromHere.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    const parsed = fontkit.create(bytes);
    encodeSubsetsAtOnce(parsed);
    layOutSimpleTextDirectly(parsed);
    font = { bytes, parsed, characters: new Set(parsed.characterSet) };
    loaded.set(file, font);
    byBytes.set(bytes, font);
  }
  return font;
}

type SubsetStream = ReturnType<ReturnType<ParsedFont['createSubset']>['encodeStream']>;

/**
 * fontkit hands a subset's bytes to pdf-lib through a browser stream shim that waits a timer tick
 * for every chunk (a glyph or a table: some 50 ticks, ≈40 ms idle per face per document). Its
 * encoder still runs once, on the next tick; the chunks are taken as it writes them and handed on in
 * one piece.
 */
function encodeSubsetsAtOnce(parsed: ParsedFont) {
  const createSubset = parsed.createSubset.bind(parsed);
  parsed.createSubset = () => {
    const subset = createSubset();
    const encodeStream = subset.encodeStream.bind(subset);
    subset.encodeStream = () => {
      const stream = encodeStream() as SubsetStream & { push(chunk: Uint8Array | null): boolean };
      const parts: Uint8Array[] = [];
      const listeners: { data: ((bytes: Uint8Array) => unknown)[]; end: ((bytes: Uint8Array) => unknown)[] } = {
        data: [],
        end: [],
      };
      stream.push = (chunk) => {
        if (chunk) parts.push(chunk);
        else {
          const whole = Buffer.concat(parts);
          for (const f of listeners.data) f(whole);
          for (const f of listeners.end) f(whole);
        }
        return true;
      };
      const emitter: SubsetStream = {
        on: (event, callback) => {
          if (event === 'data' || event === 'end') listeners[event].push(callback);
          return emitter;
        },
      };
      return emitter;
    };
    return subset;
  };
}

/** Letters, digits, punctuation and symbols that no feature left on changes: each is its own glyph. */
const SIMPLE_TEXT =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u03ff\u0400-\u04ff\u1e00-\u1fff\u2010-\u2027\u2030-\u205e\u20a0-\u20cf\u2100-\u2bff]*$/;

/**
 * Text that needs no shaping is laid out as one glyph per character from the font's character map,
 * the glyphs fontkit's layout would give with kerning and ligatures off, some ten times faster. Other
 * text (marks, Arabic, Hebrew, emoji) goes through fontkit's layout.
 */
function layOutSimpleTextDirectly(parsed: ParsedFont) {
  const layout = parsed.layout.bind(parsed);
  parsed.layout = (text, features) => {
    if (!SIMPLE_TEXT.test(text)) return layout(text, features);
    const glyphs = [...text].map((ch) => parsed.glyphForCodePoint(ch.codePointAt(0)!));
    return { glyphs } as unknown as ReturnType<ParsedFont['layout']>;
  };
}

/** fontkit for pdf-lib, handing out the parsed font for bytes this module loaded (each document still makes its own subset). */
const sharedFontkit: Fontkit = {
  create: (bytes, postscriptName) => byBytes.get(bytes)?.parsed ?? fontkit.create(bytes, postscriptName),
};

/**
 * Layout features off: pdf-lib writes glyph ids with their plain advances and ignores positioning
 * (kerning, mark placement), which costs most of the layout time; ligatures would print "fi" as
 * one glyph. The Arabic joining forms the script's shaper adds stay on.
 */
const FEATURES = { kern: false, liga: false, mark: false, mkmk: false, curs: false, dist: false };

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The family's regular and bold faces embedded in the document, as subsets of the glyphs it draws. */
export async function embedPdfFonts(pdf: PDFDocument, family: PdfFontFamily): Promise<PdfFonts> {
  pdf.registerFontkit(sharedFontkit);
  const embed = async (file: string) => {
    const font = loadFont(file);
    const embedded = await pdf.embedFont(font.bytes, { subset: true, features: { ...FEATURES } });
    characterSets.set(embedded, font.characters);
    return embedded;
  };
  return { regular: await embed(FONT_FILES[family].regular), bold: await embed(FONT_FILES[family].bold) };
}

function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;
const SPACE_LIKE = /[\t\n\v\f\r\u0085\u2028\u2029]/;

/** One line of text the font draws: breaks and tabs as spaces, missing glyphs as "□" (see above). */
export function printableLine(text: string, font: PDFFont): string {
  const has = characterSet(font);
  let out = '';
  for (const ch of text.replace(/\r\n/g, '\n').normalize('NFC')) {
    if (SPACE_LIKE.test(ch)) out += ' ';
    else if (/\p{Cc}/u.test(ch)) continue;
    else if (has.has(ch.codePointAt(0)!)) out += ch;
    else if (/[\p{M}\p{Cf}]/u.test(ch))
      continue; // a mark or joiner the font lacks shows nothing
    else {
      const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += folded && [...folded].every((c) => has.has(c.codePointAt(0)!)) ? folded : MISSING_GLYPH;
    }
  }
  return out;
}

/** The lines of a multi-line text, each printable. */
export function printableLines(text: string, font: PDFFont): string[] {
  return text.split(LINE_BREAK).map((line) => printableLine(line, font));
}

const RTL_LETTER = String.raw`[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]`;
/** A right-to-left run: RTL letters (with their marks), and the spaces or punctuation between them. */
const RTL_RUN = new RegExp(`${RTL_LETTER}\\p{M}*(?:[\\s\\p{P}\\p{S}]*${RTL_LETTER}\\p{M}*)*`, 'gu');

/** A printable line cut into the runs drawn one after another, left to right. */
function runs(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const match of text.matchAll(RTL_RUN)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    out.push(match[0]);
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The width of one line at the size, with the font's own widths. */
export function textWidth(text: string, font: PDFFont, size: number): number {
  return runs(printableLine(text, font)).reduce((w, run) => w + font.widthOfTextAtSize(run, size), 0);
}

export type PdfColor = ReturnType<typeof rgb>;

export interface DrawTextOptions {
  font: PDFFont;
  size: number;
  color?: PdfColor;
  /**
   * Where each run starts, from the line's characters before it; for fixed columns (the receipt),
   * where a run the font joins into fewer glyphs must not move the columns after it.
   */
  advanceOf?: (charactersBefore: string) => number;
}

/** Draws one line of text at (x, y); the text is made printable first. */
export function drawPdfText(page: PDFPage, text: string, x: number, y: number, options: DrawTextOptions) {
  const { font, size, color = rgb(0, 0, 0), advanceOf } = options;
  let before = '';
  let at = x;
  for (const run of runs(printableLine(text, font))) {
    const left = advanceOf ? x + advanceOf(before) : at;
    if (run.trim()) page.drawText(run, { x: left, y, size, font, color });
    at = left + font.widthOfTextAtSize(run, size);
    before += run;
  }
}

/** Splits text into lines no wider than `width`: at its own line breaks, on spaces, and inside words too long for a line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of printableLines(text, font)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, font, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (textWidth(rest, font, size) > width && [...rest].length > 1) {
        const chars = [...rest];
        let cut = chars.length - 1;
        while (cut > 1 && textWidth(chars.slice(0, cut).join(''), font, size) > width) cut--;
        lines.push(chars.slice(0, cut).join(''));
        rest = chars.slice(cut).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** One line shortened with an ellipsis until it fits the width. */
export function fitText(text: string, font: PDFFont, size: number, width: number): string {
  const line = printableLine(text, font);
  if (textWidth(line, font, size) <= width) return line;
  const chars = [...line];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidth(`${chars.slice(0, mid).join('').trimEnd()}…`, font, size) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

/** An amount with grouping, exactly (no floats): 125050 → "1,250.50". */
export function groupedAmount(minor: number, minorDigits: number): string {
  const factor = 10 ** minorDigits;
  const whole = String(Math.floor(minor / factor)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return minorDigits > 0 ? `${whole}.${String(minor % factor).padStart(minorDigits, '0')}` : whole;
}
