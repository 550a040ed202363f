import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CODE128_QUIET_ZONE, type Receipt, type ReceiptPaperWidth } from '@ipos/contracts';
import { barcodeModules, winAnsiText } from '../catalog/product-labels.js';
import { embedLogo, fitWithin, type PdfLogo } from '../../lib/pdf-writer.js';
import { receiptColumns, receiptRows, rowLines, type ReceiptRow } from './receipt-layout.js';

/**
 * The receipt as a PDF of the paper's width (58 or 80 mm) and one page as tall as its content, the
 * way a thermal printer's driver takes it. Courier (a standard font: nothing embedded) keeps the
 * slip's fixed-width columns. Courier is WinAnsi and has no naira sign, so ₦ is drawn as what it
 * is, an N with two strokes across it (as on the barcode labels).
 */

const MM = 72 / 25.4;
const MARGIN = 3 * MM;
/** Courier's advance is 600/1000 of the size for every glyph. */
const ADVANCE = 0.6;
const LINE = 1.25;
const BARCODE_HEIGHT = 10 * MM;
/** The logo at the top: centred, at most this tall, and at most 60 % of the printable width. */
const LOGO_HEIGHT = 16 * MM;

/** Text Courier can draw, one character for one, keeping ₦ (drawn by hand) in its column. */
const pdfSafe = (text: string) => text.split('₦').map(winAnsiText).join('₦');

function safeRow(row: ReceiptRow): ReceiptRow {
  switch (row.kind) {
    case 'center':
    case 'text':
      return { ...row, text: pdfSafe(row.text) };
    case 'pair':
      return { ...row, left: pdfSafe(row.left), right: pdfSafe(row.right) };
    default:
      return row;
  }
}

function drawLine(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number) {
  const black = rgb(0, 0, 0);
  page.drawText(text.replaceAll('₦', 'N'), { x, y, size, font, color: black });
  const cap = 0.57 * size;
  for (let i = text.indexOf('₦'); i >= 0; i = text.indexOf('₦', i + 1)) {
    const at = x + i * ADVANCE * size;
    for (const h of [0.33, 0.62])
      page.drawRectangle({ x: at, y: y + cap * h, width: ADVANCE * size, height: size * 0.07, color: black });
  }
}

export async function renderReceiptPdf(
  receipt: Receipt,
  width: ReceiptPaperWidth,
  logo: PdfLogo | null = null,
  { copy = false }: { copy?: boolean } = {},
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const image = await embedLogo(pdf, logo);
  const columns = receiptColumns[width];
  const pageWidth = Number(width) * MM;
  const logoSize = image ? fitWithin(image, (pageWidth - 2 * MARGIN) * 0.6, LOGO_HEIGHT) : null;
  const size = (pageWidth - 2 * MARGIN) / (columns * ADVANCE);
  const lineHeight = size * LINE;
  const rows = receiptRows(receipt, { copy }).map(safeRow);
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
  const regular = await pdf.embedFont(StandardFonts.Courier);
  const bold = await pdf.embedFont(StandardFonts.CourierBold);
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
      drawLine(page, regular, rowLines(row, columns)[0]!, MARGIN, y + size * 0.2, size);
      y -= lineHeight * 0.25;
      continue;
    }
    const font = 'bold' in row && row.bold ? bold : regular;
    for (const line of rowLines(row, columns)) {
      y -= lineHeight;
      drawLine(page, font, line, MARGIN, y + size * 0.2, size);
    }
  }
  return Buffer.from(await pdf.save());
}
