import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CODE128_QUIET_ZONE, type Receipt, type ReceiptPaperWidth } from '@ipos/contracts';
import { barcodeModules } from '../../lib/pdf-barcodes.js';
import { drawPdfText, embedPdfFonts, printableLine } from '../../lib/pdf-text.js';
import { embedLogo, fitWithin, type PdfLogo } from '../../lib/pdf-writer.js';
import { receiptColumns, receiptRows, rowLines, type ReceiptRow } from './receipt-layout.js';

/**
 * The receipt as a PDF of the paper's width (58 or 80 mm) and one page as tall as its content, the
 * way a thermal printer's driver takes it. The embedded DejaVu Sans Mono (`lib/pdf-text.ts`) keeps
 * the slip's fixed-width columns and prints ₦ and every name as typed.
 */

const MM = 72 / 25.4;
const MARGIN = 3 * MM;
const LINE = 1.25;
const BARCODE_HEIGHT = 10 * MM;
/** The logo at the top: centred, at most this tall, and at most 60 % of the printable width. */
const LOGO_HEIGHT = 16 * MM;

/**
 * The row as the font prints it, one character a column: line breaks and tabs as spaces, what the
 * font lacks as "□" (the font has no glyph outside the Basic Multilingual Plane, so every character
 * left is one UTF-16 unit, the unit the layout counts columns in).
 */
function printableRow(row: ReceiptRow, font: PDFFont): ReceiptRow {
  const line = (text: string) => printableLine(text, font).replace(/\p{M}/gu, '');
  switch (row.kind) {
    case 'center':
    case 'text':
      return { ...row, text: line(row.text) };
    case 'pair':
      return { ...row, left: line(row.left), right: line(row.right) };
    default:
      return row;
  }
}

/** One fixed-width line: each run starts at its column, whatever the glyphs a joined script uses. */
function drawLine(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number, advance: number) {
  drawPdfText(page, text, x, y, { font, size, advanceOf: (before) => before.length * advance * size });
}

export async function renderReceiptPdf(
  receipt: Receipt,
  width: ReceiptPaperWidth,
  logo: PdfLogo | null = null,
  { copy = false }: { copy?: boolean } = {},
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const { regular, bold } = await embedPdfFonts(pdf, 'mono');
  const image = await embedLogo(pdf, logo);
  const columns = receiptColumns[width];
  const pageWidth = Number(width) * MM;
  const logoSize = image ? fitWithin(image, (pageWidth - 2 * MARGIN) * 0.6, LOGO_HEIGHT) : null;
  // The advance of every glyph of the monospaced font, as a share of the size.
  const advance = regular.widthOfTextAtSize('0', 1);
  const size = (pageWidth - 2 * MARGIN) / (columns * advance);
  const lineHeight = size * LINE;
  const rows = receiptRows(receipt, { copy }).map((row) => printableRow(row, regular));
  const height =
    2 * MARGIN +
    (logoSize ? logoSize.height + lineHeight * 0.5 : 0) +
    rows.reduce(
      (h, row) =>
        h + (row.kind === 'barcode' ? BARCODE_HEIGHT + lineHeight * 1.5 : rowLines(row, columns).length * lineHeight),
      0,
    );

  pdf.setTitle(`Receipt ${receipt.sale.number}`);
  pdf.setCreator('iPos');
  pdf.setProducer('iPos');
  const page = pdf.addPage([pageWidth, height]);

  let y = height - MARGIN;
  if (image && logoSize) {
    y -= logoSize.height;
    page.drawImage(image, { x: (pageWidth - logoSize.width) / 2, y, ...logoSize });
    y -= lineHeight * 0.5;
  }
  for (const row of rows) {
    if (row.kind === 'barcode') {
      const modules = barcodeModules(row.code, 'CODE128');
      const total = modules.reduce((a, b) => a + b, 0);
      // Quiet zones either side; a module no wider than 0.4 mm scans well from paper.
      const moduleWidth = Math.min((pageWidth - 2 * MARGIN) / (total + 2 * CODE128_QUIET_ZONE), 0.4 * MM);
      let x = (pageWidth - moduleWidth * total) / 2;
      y -= BARCODE_HEIGHT + lineHeight * 0.25;
      modules.forEach((w, i) => {
        if (i % 2 === 0)
          page.drawRectangle({ x, y, width: w * moduleWidth, height: BARCODE_HEIGHT, color: rgb(0, 0, 0) });
        x += w * moduleWidth;
      });
      y -= lineHeight;
      drawLine(page, regular, rowLines(row, columns)[0]!, MARGIN, y + size * 0.2, size, advance);
      y -= lineHeight * 0.25;
      continue;
    }
    const font = 'bold' in row && row.bold ? bold : regular;
    for (const line of rowLines(row, columns)) {
      y -= lineHeight;
      drawLine(page, font, line, MARGIN, y + size * 0.2, size, advance);
    }
  }
  return Buffer.from(await pdf.save());
}
