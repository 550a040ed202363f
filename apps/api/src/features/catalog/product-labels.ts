import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CODE128_QUIET_ZONE, type BarcodeSymbology, type LabelTemplate } from '@ipos/contracts';
import { documentMoney } from '../../lib/document-pdf.js';
import { barcodeModules } from '../../lib/pdf-barcodes.js';
import { drawPdfText, embedPdfFonts, fitText, textWidth, type PdfFonts } from '../../lib/pdf-text.js';

/**
 * Barcode labels as a PDF: each distinct label is drawn once (name, price, vector barcode with its
 * digits) and placed as many times as asked, on A4 sheets or one label per page on a roll.
 *
 * Text in the embedded DejaVu Sans (`lib/pdf-text.ts`): names and prices (₦, KSh) print as typed.
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

/** The price as printed: "₦1,250.00", "KSh 1,250.00", centred and shrunk to fit the width. */
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
  const text = documentMoney(minor, currency);
  const width = textWidth(text, font, size);
  const s = width > maxWidth ? (size * maxWidth) / width : size;
  drawPdfText(page, text, x + (maxWidth - textWidth(text, font, s)) / 2, y, { font, size: s });
}

/** Draws one label on a page of exactly its size. */
function drawLabel(page: PDFPage, fonts: PdfFonts, spec: LabelSpec, currency: string) {
  const { width, height } = page.getSize();
  const pad = 2 * MM;
  const inner = width - 2 * pad;
  const nameSize = Math.min(9, height * 0.1);
  const priceSize = Math.min(13, height * 0.15);
  const textSize = Math.min(8, height * 0.085);
  let y = height - pad - nameSize * 0.8;
  const name = fitText(spec.name, fonts.bold, nameSize, inner);
  drawPdfText(page, name, pad, y, { font: fonts.bold, size: nameSize });
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
  drawPdfText(page, text, (width - textWidth(text, fonts.regular, textSize)) / 2, pad, {
    font: fonts.regular,
    size: textSize,
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
  const fonts = await embedPdfFonts(drawn, 'sans');
  for (const spec of specs) drawLabel(drawn.addPage([labelW, labelH]), fonts, spec, options.currency);
  // The subset fonts are written on flush; the forms below copy them from here.
  await drawn.flush();

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
