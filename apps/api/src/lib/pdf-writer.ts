import { PDFDocument, degrees, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import {
  drawPdfText,
  embedPdfFonts,
  printableLine,
  textWidth,
  wrapText,
  type PdfColor,
  type PdfFonts,
} from './pdf-text.js';

/**
 * What the A4 PDFs (invoices, purchase orders, reports) share: the embedded DejaVu Sans (`pdf-text.ts`,
 * so ₦ and every name print as typed), pages that break with a "(continued)" head, tables whose
 * header repeats on every page, and a footer with "Page n of m".
 */

export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
export const MARGIN = 42;
export const BODY = 9;
export const SMALL = 7.5;
export const LEADING = 1.3;
const CELL_PAD = 4;
export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.38, 0.38, 0.38);
const RULE = rgb(0.78, 0.78, 0.78);
const SHADE = rgb(0.93, 0.93, 0.93);

function drawText(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number, color = INK) {
  drawPdfText(page, text, x, y, { font, size, color });
}

/** The business's logo as stored: PNG and JPEG are printed (a WebP kept from before is not). */
export interface PdfLogo {
  contentType: string;
  bytes: Uint8Array;
}

/** The logo embedded in the PDF; null when there is none or its bytes are not an image pdf-lib reads. */
export async function embedLogo(pdf: PDFDocument, logo: PdfLogo | null | undefined): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    if (logo.contentType === 'image/png') return await pdf.embedPng(logo.bytes);
    if (logo.contentType === 'image/jpeg') return await pdf.embedJpg(logo.bytes);
  } catch {
    // A damaged image must not stop the document: it prints without the logo.
  }
  return null;
}

/** The image's size scaled, keeping its proportions, to fit within the box. */
export function fitWithin(image: PDFImage, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

export interface PdfColumn {
  header: string;
  /** Share of the table's width (the shares are normalised). */
  width: number;
  /** Numbers right, text left (the default); left columns wrap, right ones shrink to fit. */
  align?: 'left' | 'right';
}

export interface PdfWriterOptions {
  /** The PDF's title metadata. */
  title: string;
  pageSize: [number, number];
  /** The head of every page after the first: "Invoice LEK-INV000042 (continued)". */
  continuation: string;
  /** A word across every page ("DRAFT", "VOID"). */
  stamp?: string | undefined;
}

/** Writes top to bottom on A4 pages, starting a continued page when the next piece does not fit. */
export class PdfWriter {
  page!: PDFPage;
  /** The baseline the next piece starts under. */
  y = 0;
  readonly width: number;
  readonly height: number;
  /** The width between the margins. */
  readonly inner: number;
  /** Room kept for the footer. */
  readonly bottom = MARGIN + 24;
  readonly line = BODY * LEADING;

  private constructor(
    readonly pdf: PDFDocument,
    readonly fonts: PdfFonts,
    private readonly options: PdfWriterOptions,
  ) {
    [this.width, this.height] = options.pageSize;
    this.inner = this.width - 2 * MARGIN;
    this.newPage();
  }

  static async create(options: PdfWriterOptions): Promise<PdfWriter> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(options.title);
    pdf.setCreator('iPos');
    pdf.setProducer('iPos');
    return new PdfWriter(pdf, await embedPdfFonts(pdf, 'sans'), options);
  }

  private newPage() {
    this.page = this.pdf.addPage(this.options.pageSize);
    if (this.options.stamp) {
      const word = printableLine(this.options.stamp, this.fonts.bold);
      const size = 96;
      const w = textWidth(word, this.fonts.bold, size);
      this.page.drawText(word, {
        x: this.width / 2 - (w / 2) * Math.cos(Math.PI / 6),
        y: this.height / 2 - (w / 2) * Math.sin(Math.PI / 6),
        size,
        font: this.fonts.bold,
        color: rgb(0.85, 0.85, 0.85),
        rotate: degrees(30),
      });
    }
    this.y = this.height - MARGIN;
  }

  /** A new page headed "… (continued)" when less than `height` is left on this one; true if so. */
  ensure(height: number): boolean {
    if (this.y - height >= this.bottom) return false;
    this.newPage();
    const head = this.options.continuation;
    this.text(head, MARGIN, this.y - 10, this.fonts.bold, 10);
    this.text(
      '(continued)',
      MARGIN + textWidth(head, this.fonts.bold, 10) + 6,
      this.y - 10,
      this.fonts.regular,
      BODY,
      MUTED,
    );
    this.y -= 26;
    return true;
  }

  /** One line of text at a given place on this page. */
  text(text: string, x: number, y: number, font: PDFFont, size: number, color: PdfColor = INK) {
    drawText(this.page, text, x, y, font, size, color);
  }

  /** One line of text ending at `right`. */
  textRight(text: string, right: number, y: number, font: PDFFont, size: number, color: PdfColor = INK) {
    drawText(this.page, text, right - textWidth(text, font, size), y, font, size, color);
  }

  /** A small upper-case heading then a wrapped paragraph across the page, breaking pages as needed. */
  paragraph(heading: string, body: string) {
    this.y -= 12;
    this.ensure(2 * this.line);
    this.text(heading.toUpperCase(), MARGIN, this.y - SMALL, this.fonts.bold, SMALL, MUTED);
    this.y -= SMALL + 4;
    for (const t of wrapText(body, this.fonts.regular, BODY, this.inner)) {
      this.ensure(this.line);
      this.y -= this.line;
      this.text(t, MARGIN, this.y + 2, this.fonts.regular, BODY);
    }
  }

  /**
   * A table across the page: a shaded header row repeated on every page it runs onto, the rows (left
   * cells wrap, right cells shrink to fit), and an optional bold totals row on a shaded band.
   */
  table(columns: PdfColumn[], rows: string[][], totals?: string[]) {
    const { fonts, line } = this;
    const shares = columns.reduce((a, c) => a + c.width, 0);
    let x = MARGIN;
    const cols = columns.map((c) => {
      const w = (this.inner * c.width) / shares;
      const col = { ...c, align: c.align ?? 'left', x, w };
      x += w;
      return col;
    });
    type Col = (typeof cols)[number];
    const cellLines = (text: string, col: Col, font: PDFFont) =>
      col.align === 'left' ? wrapText(text, font, BODY, col.w - 2 * CELL_PAD) : [printableLine(text, font)];
    const fitSize = (text: string, font: PDFFont, col: Col) => {
      if (col.align === 'left') return BODY;
      const w = textWidth(text, font, BODY);
      const room = col.w - 2 * CELL_PAD;
      return w > room ? (BODY * room) / w : BODY;
    };
    const rowHeight = (cells: string[][]) => Math.max(1, ...cells.map((c) => c.length)) * line + 2 * CELL_PAD;
    const drawRow = (cells: string[][], font: PDFFont, shade: boolean) => {
      const h = rowHeight(cells);
      if (shade) this.page.drawRectangle({ x: MARGIN, y: this.y - h, width: this.inner, height: h, color: SHADE });
      cols.forEach((c, i) => {
        cells[i]!.forEach((t, n) => {
          const size = fitSize(t, font, c);
          const left = c.align === 'right' ? c.x + c.w - CELL_PAD - textWidth(t, font, size) : c.x + CELL_PAD;
          drawText(this.page, t, left, this.y - CELL_PAD - BODY - n * line + 1, font, size);
        });
      });
      this.y -= h;
    };
    const header = cols.map((c) => cellLines(c.header, c, fonts.bold));
    const headerHeight = rowHeight(header);

    this.ensure(headerHeight + line + 2 * CELL_PAD);
    drawRow(header, fonts.bold, true);
    for (const row of rows) {
      const cells = cols.map((c, i) => cellLines(row[i] ?? '', c, fonts.regular));
      if (this.ensure(rowHeight(cells))) drawRow(header, fonts.bold, true);
      drawRow(cells, fonts.regular, false);
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: this.width - MARGIN, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    }
    if (totals) {
      const cells = cols.map((c, i) => cellLines(totals[i] ?? '', c, fonts.bold));
      if (this.ensure(rowHeight(cells))) drawRow(header, fonts.bold, true);
      drawRow(cells, fonts.bold, true);
    }
  }

  /** The footer of every page (small print, cut to one line) with "Page n of m"; then the bytes. */
  async finish(footer: string): Promise<Buffer> {
    const { fonts } = this;
    const pages = this.pdf.getPages();
    pages.forEach((p, i) => {
      p.drawLine({
        start: { x: MARGIN, y: MARGIN + 12 },
        end: { x: this.width - MARGIN, y: MARGIN + 12 },
        thickness: 0.5,
        color: RULE,
      });
      const label = `Page ${i + 1} of ${pages.length}`;
      const labelWidth = textWidth(label, fonts.regular, SMALL);
      drawText(p, label, this.width - MARGIN - labelWidth, MARGIN, fonts.regular, SMALL, MUTED);
      const room = this.inner - labelWidth - 12;
      drawText(p, wrapText(footer, fonts.regular, SMALL, room)[0] ?? '', MARGIN, MARGIN, fonts.regular, SMALL, MUTED);
    });
    return Buffer.from(await this.pdf.save());
  }
}
