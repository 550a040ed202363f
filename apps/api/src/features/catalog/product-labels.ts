import bwipjs from 'bwip-js';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  CODE128_QUIET_ZONE,
  code128Modules,
  currencies,
  type BarcodeSymbology,
  type LabelTemplate,
} from '@ipos/contracts';

/**
 * Barcode labels as a PDF: each distinct label is drawn once (name, price, vector barcode with its
 * digits) and placed as many times as asked, on A4 sheets or one label per page on a roll.
 *
 * Fonts: pdf-lib's standard Helvetica (WinAnsi), so nothing has to be embedded. It has £ and € but no
 * naira sign, so ₦ is drawn as what it is, an N with two strokes across it. Characters outside
 * WinAnsi in names lose their accents (ẹ → e) or become "?".
 */

export interface LabelSpec {
  /** Product name with the variant label. */
  name: string;
  priceMinor: number;
  barcode: { code: string; symbology: BarcodeSymbology };
  quantity: number;
}

const MM = 72 / 25.4;

interface Layout {
  page: [number, number];
  label: [number, number];
  columns: number;
  rows: number;
  /** Left and top margin of the grid. */
  margin: [number, number];
}

/** Label sheets, in millimetres: 24 labels of 70×37 mm, 40 of 48.5×25.4 mm, or a roll of 50×30 mm. */
export const labelLayouts: Record<LabelTemplate, Layout> = {
  'a4-3x8': { page: [210, 297], label: [70, 37], columns: 3, rows: 8, margin: [0, 0.5] },
  'a4-4x10': { page: [210, 297], label: [48.5, 25.4], columns: 4, rows: 10, margin: [8, 21.5] },
  'roll-50x30': { page: [50, 30], label: [50, 30], columns: 1, rows: 1, margin: [0, 0] },
};

export const labelsPerPage = (template: LabelTemplate) => labelLayouts[template].columns * labelLayouts[template].rows;

const gtinBcids: Record<Exclude<BarcodeSymbology, 'CODE128'>, string> = { EAN13: 'ean13', EAN8: 'ean8', UPCA: 'upca' };

/**
 * The bar and space widths, in modules, alternating from a bar (we draw them). Code 128 comes from the
 * encoder the web receipt uses too (`code128Modules`); bwip-js encodes the GTINs.
 */
export function barcodeModules(code: string, symbology: BarcodeSymbology): number[] {
  if (symbology === 'CODE128') return code128Modules(code);
  const [symbol] = bwipjs.raw(gtinBcids[symbology], code, {}) as { sbs: number[] }[];
  return symbol!.sbs;
}

const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Text Helvetica (WinAnsi) can draw: accents folded away where needed, anything else as "?". */
export function winAnsiText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (/\p{M}/u.test(ch)) continue; // a mark left over with no precomposed letter (Yoruba ẹ̀): dropped
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch)) {
      out += ch;
      continue;
    }
    const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    out += folded && [...folded].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? folded : '?';
  }
  return out;
}

/** Shortens text with an ellipsis until it fits the width. */
export function fitText(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid).trimEnd()}…`, size) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** An amount with grouping, exactly (no floats): 125050 → "1,250.50". */
export function groupedAmount(minor: number, minorDigits: number): string {
  const factor = 10 ** minorDigits;
  const whole = String(Math.floor(minor / factor)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return minorDigits > 0 ? `${whole}.${String(minor % factor).padStart(minorDigits, '0')}` : whole;
}

function drawPrice(
  page: PDFPage,
  font: PDFFont,
  currency: string,
  minor: number,
  x: number,
  y: number,
  size: number,
  maxWidth: number,
) {
  const info = currencies.find((c) => c.code === currency) ?? { symbol: currency, minorDigits: 2 };
  const amount = groupedAmount(minor, info.minorDigits);
  const black = rgb(0, 0, 0);
  if (info.symbol === '₦') {
    // An N with two horizontal strokes, a little wider than the letter.
    const letter = font.widthOfTextAtSize('N', size);
    const amountWidth = font.widthOfTextAtSize(amount, size);
    let s = size;
    if (letter + amountWidth > maxWidth) s = (size * maxWidth) / (letter + amountWidth);
    const w = font.widthOfTextAtSize('N', s);
    const start = x + (maxWidth - w - font.widthOfTextAtSize(amount, s)) / 2;
    page.drawText('N', { x: start, y, size: s, font, color: black });
    const cap = 0.718 * s;
    for (const at of [0.36, 0.6])
      page.drawRectangle({
        x: start - s * 0.04,
        y: y + cap * at,
        width: w + s * 0.08,
        height: s * 0.065,
        color: black,
      });
    page.drawText(amount, { x: start + w, y, size: s, font, color: black });
    return;
  }
  const text = info.symbol.length === 1 ? `${info.symbol}${amount}` : `${info.symbol} ${amount}`;
  const fitted = winAnsiText(text);
  let s = size;
  const width = font.widthOfTextAtSize(fitted, s);
  if (width > maxWidth) s = (size * maxWidth) / width;
  page.drawText(fitted, { x: x + (maxWidth - font.widthOfTextAtSize(fitted, s)) / 2, y, size: s, font, color: black });
}

/** Draws one label on a page of exactly its size. */
function drawLabel(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, spec: LabelSpec, currency: string) {
  const { width, height } = page.getSize();
  const pad = 2 * MM;
  const inner = width - 2 * pad;
  const nameSize = Math.min(9, height * 0.1);
  const priceSize = Math.min(13, height * 0.15);
  const textSize = Math.min(8, height * 0.085);
  let y = height - pad - nameSize * 0.8;
  const name = fitText(winAnsiText(spec.name), fonts.bold, nameSize, inner);
  page.drawText(name, { x: pad, y, size: nameSize, font: fonts.bold });
  y -= priceSize * 1.05;
  drawPrice(page, fonts.bold, currency, spec.priceMinor, pad, y, priceSize, inner);

  // The barcode fills what is left, above its human-readable text, with quiet zones either side.
  const modules = barcodeModules(spec.barcode.code, spec.barcode.symbology);
  const totalModules = modules.reduce((a, b) => a + b, 0);
  const quiet = spec.barcode.symbology === 'CODE128' ? CODE128_QUIET_ZONE : spec.barcode.symbology === 'EAN8' ? 7 : 9;
  const moduleWidth = Math.min(inner / (totalModules + 2 * quiet), 0.5 * MM);
  const barsWidth = moduleWidth * totalModules;
  const barBottom = pad + textSize * 1.15;
  const barTop = y - priceSize * 0.3;
  let x = (width - barsWidth) / 2;
  modules.forEach((w, i) => {
    if (i % 2 === 0)
      page.drawRectangle({
        x,
        y: barBottom,
        width: w * moduleWidth,
        height: Math.max(barTop - barBottom, 4),
        color: rgb(0, 0, 0),
      });
    x += w * moduleWidth;
  });
  const text = fitText(spec.barcode.code, fonts.regular, textSize, inner);
  page.drawText(text, {
    x: (width - fonts.regular.widthOfTextAtSize(text, textSize)) / 2,
    y: pad,
    size: textSize,
    font: fonts.regular,
  });
}

/** The PDF: every label `quantity` times, in order, filling sheets row by row. */
export async function renderLabels(
  specs: LabelSpec[],
  options: { template: LabelTemplate; currency: string; useObjectStreams?: boolean },
): Promise<Buffer> {
  const layout = labelLayouts[options.template];
  const [labelW, labelH] = [layout.label[0] * MM, layout.label[1] * MM];
  // Each distinct label is drawn once on a page of its own, then placed as a form wherever it repeats.
  const drawn = await PDFDocument.create();
  const fonts = {
    regular: await drawn.embedFont(StandardFonts.Helvetica),
    bold: await drawn.embedFont(StandardFonts.HelveticaBold),
  };
  for (const spec of specs) drawLabel(drawn.addPage([labelW, labelH]), fonts, spec, options.currency);

  const pdf = await PDFDocument.create();
  pdf.setTitle('Barcode labels');
  pdf.setCreator('iPos');
  pdf.setProducer('iPos');
  const forms = await pdf.embedPages(drawn.getPages());
  const perPage = layout.columns * layout.rows;
  const [pageW, pageH] = [layout.page[0] * MM, layout.page[1] * MM];
  let page: PDFPage | null = null;
  let slot = 0;
  specs.forEach((spec, i) => {
    for (let n = 0; n < spec.quantity; n++) {
      if (slot % perPage === 0) page = pdf.addPage([pageW, pageH]);
      const index = slot % perPage;
      const column = index % layout.columns;
      const row = Math.floor(index / layout.columns);
      page!.drawPage(forms[i]!, {
        x: layout.margin[0] * MM + column * labelW,
        y: pageH - layout.margin[1] * MM - (row + 1) * labelH,
      });
      slot++;
    }
  });
  return Buffer.from(await pdf.save({ useObjectStreams: options.useObjectStreams ?? true }));
}
