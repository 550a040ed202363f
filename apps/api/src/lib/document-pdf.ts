import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { currencies } from '@ipos/contracts';
import { groupedAmount, winAnsiText } from '../features/catalog/product-labels.js';

/**
 * An A4 business document (invoice, purchase order…) as a PDF: standard Helvetica, nothing embedded.
 *
 *   ┌ Title              Issuer (store name, address, phone, tax id) ┐
 *   │ Number                                                          │
 *   │ Party heading / name / address…        meta pairs (dates…)     │
 *   │ table: header row, rows (text wraps; numbers right-aligned)    │  ← page breaks repeat the header
 *   │                                        totals rows             │
 *   │ paragraphs (notes, terms)                                       │
 *   └ footer                                          Page 1 of 2    ┘
 *
 * Callers give every cell as text (format money with `documentMoney`). Helvetica is WinAnsi and has
 * no naira sign, so ₦ is drawn as what it is, an N with two strokes across it (as on receipts and
 * barcode labels); anything else Helvetica cannot draw is folded by `winAnsiText`.
 */

export interface DocumentPdfColumn {
  header: string;
  /** Share of the table's width (the shares are normalised). */
  width: number;
  /** Numbers right, text left (the default); left columns wrap, right ones shrink to fit. */
  align?: 'left' | 'right';
}

export interface DocumentPdfSpec {
  /** "Invoice", "Purchase order". */
  title: string;
  /** "LEK-INV000042"; null while a draft. */
  number: string | null;
  /** A word across every page ("DRAFT", "VOID"); none when left out. */
  stamp?: string | undefined;
  /** Who issues it: the store's display name, address, phone and the business's tax id. */
  issuer: { name: string; address?: string | null; phone?: string | null; taxId?: string | null };
  /** The other party: a customer or a vendor under a heading ("Bill to", "Vendor"). */
  party: {
    heading: string;
    name: string;
    address?: string | null;
    phone?: string | null;
    email?: string | null;
    taxId?: string | null;
  };
  /** Label/value pairs beside the party ("Issue date", "Due date", "Status"). */
  meta: [string, string][];
  columns: DocumentPdfColumn[];
  /** One text per column. */
  rows: string[][];
  /** Under the table, right-aligned ("Subtotal", "VAT 7.5%", "Total" bold…). */
  totals: { label: string; value: string; bold?: boolean }[];
  /** Notes, terms…: a heading and a paragraph each (empty texts are left out). */
  paragraphs?: { heading: string; text: string | null | undefined }[];
  /** Small print left of the page number on every page. */
  footer?: string;
  /** The PDF's title metadata; `${title} ${number}` when left out. */
  pdfTitle?: string;
}

/** An amount as printed on documents: "₦1,250.50", "KSh 1,250.50", "-₦100.00". */
export function documentMoney(minor: number, currency: string): string {
  const info = currencies.find((c) => c.code === currency) ?? { symbol: currency, minorDigits: 2 };
  const amount = groupedAmount(Math.abs(minor), info.minorDigits);
  const sign = minor < 0 ? '-' : '';
  return info.symbol.length === 1 ? `${sign}${info.symbol}${amount}` : `${sign}${info.symbol} ${amount}`;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const BODY = 9;
const SMALL = 7.5;
const LEADING = 1.3;
const CELL_PAD = 4;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.38, 0.38, 0.38);
const RULE = rgb(0.78, 0.78, 0.78);
const SHADE = rgb(0.93, 0.93, 0.93);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text Helvetica can draw, keeping ₦ (drawn by hand). */
const safe = (text: string) => text.split('₦').map(winAnsiText).join('₦');

function textWidth(text: string, font: PDFFont, size: number): number {
  return font.widthOfTextAtSize(text.replaceAll('₦', 'N'), size);
}

/** Draws one line of (already safe) text; each ₦ is an N with two strokes. */
function drawText(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number, color = INK) {
  const parts = text.split('₦');
  let at = x;
  parts.forEach((part, i) => {
    if (i > 0) {
      const w = font.widthOfTextAtSize('N', size);
      page.drawText('N', { x: at, y, size, font, color });
      for (const h of [0.36, 0.6])
        page.drawRectangle({
          x: at - size * 0.04,
          y: y + 0.718 * size * h,
          width: w + size * 0.08,
          height: size * 0.065,
          color,
        });
      at += w;
    }
    if (part) {
      page.drawText(part, { x: at, y, size, font, color });
      at += font.widthOfTextAtSize(part, size);
    }
  });
}

/** Splits text into lines no wider than `width`: on spaces, and inside words too long for a line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of safe(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, font, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (textWidth(rest, font, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut), font, size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The document as an A4 PDF (one page or more). */
export async function renderDocumentPdf(spec: DocumentPdfSpec): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(spec.pdfTitle ?? [spec.title, spec.number].filter(Boolean).join(' '));
  pdf.setCreator('iPos');
  pdf.setProducer('iPos');
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const [pageW, pageH] = A4;
  const inner = pageW - 2 * MARGIN;
  const bottom = MARGIN + 24; // room for the footer
  const line = BODY * LEADING;
  const title = safe(spec.title);
  const number = spec.number ? safe(spec.number) : null;

  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage(A4);
    if (spec.stamp) {
      const word = safe(spec.stamp);
      const size = 96;
      const w = textWidth(word, fonts.bold, size);
      page.drawText(word, {
        x: pageW / 2 - (w / 2) * Math.cos(Math.PI / 6),
        y: pageH / 2 - (w / 2) * Math.sin(Math.PI / 6),
        size,
        font: fonts.bold,
        color: rgb(0.85, 0.85, 0.85),
        rotate: degrees(30),
      });
    }
    y = pageH - MARGIN;
  };

  // ---------------------------------------------------------------- first page header
  newPage();
  drawText(page, title, MARGIN, y - 20, fonts.bold, 20);
  let left = y - 20 - 16;
  if (number) drawText(page, number, MARGIN, left, fonts.bold, 11);
  if (spec.stamp)
    drawText(
      page,
      safe(spec.stamp),
      MARGIN + (number ? textWidth(number, fonts.bold, 11) + 10 : 0),
      left,
      fonts.bold,
      11,
      MUTED,
    );
  left -= 8;

  const issuerWidth = inner * 0.45;
  let right = y - 10;
  const issuerLines: [string, PDFFont, number][] = [
    ...wrapText(spec.issuer.name, fonts.bold, 11, issuerWidth).map(
      (t) => [t, fonts.bold, 11] as [string, PDFFont, number],
    ),
    ...[spec.issuer.address, spec.issuer.phone, spec.issuer.taxId ? `Tax ID: ${spec.issuer.taxId}` : null]
      .filter((t): t is string => !!t)
      .flatMap((t) => wrapText(t, fonts.regular, BODY, issuerWidth))
      .map((t) => [t, fonts.regular, BODY] as [string, PDFFont, number]),
  ];
  for (const [text, font, size] of issuerLines) {
    drawText(page, text, pageW - MARGIN - textWidth(text, font, size), right, font, size);
    right -= size * LEADING;
  }
  y = Math.min(left, right) - 14;

  // ---------------------------------------------------------------- party and meta
  const partyWidth = inner * 0.5;
  let py = y;
  drawText(page, safe(spec.party.heading).toUpperCase(), MARGIN, py, fonts.bold, SMALL, MUTED);
  py -= line;
  for (const t of wrapText(spec.party.name, fonts.bold, BODY + 1, partyWidth)) {
    drawText(page, t, MARGIN, py, fonts.bold, BODY + 1);
    py -= line;
  }
  const partyDetails = [
    spec.party.address,
    spec.party.phone,
    spec.party.email,
    spec.party.taxId ? `Tax ID: ${spec.party.taxId}` : null,
  ].filter((t): t is string => !!t);
  for (const t of partyDetails.flatMap((d) => wrapText(d, fonts.regular, BODY, partyWidth))) {
    drawText(page, t, MARGIN, py, fonts.regular, BODY);
    py -= line;
  }
  let my = y;
  const metaX = MARGIN + inner * 0.58;
  const metaValueRight = pageW - MARGIN;
  for (const [label, value] of spec.meta) {
    const l = safe(label);
    drawText(page, l, metaX, my, fonts.regular, BODY, MUTED);
    // A long value (a void reason) wraps under itself, right-aligned, never over its label.
    const room = metaValueRight - metaX - textWidth(l, fonts.regular, BODY) - 8;
    for (const v of wrapText(value, fonts.bold, BODY, room)) {
      drawText(page, v, metaValueRight - textWidth(v, fonts.bold, BODY), my, fonts.bold, BODY);
      my -= line;
    }
  }
  y = Math.min(py, my) - 12;

  // ---------------------------------------------------------------- table
  const shares = spec.columns.reduce((a, c) => a + c.width, 0);
  const cols = spec.columns.map((c, i, all) => {
    const x = MARGIN + (inner * all.slice(0, i).reduce((a, p) => a + p.width, 0)) / shares;
    return { ...c, align: c.align ?? 'left', x, w: (inner * c.width) / shares };
  });
  const cellText = (text: string, col: (typeof cols)[number], font: PDFFont) =>
    col.align === 'left' ? wrapText(text, font, BODY, col.w - 2 * CELL_PAD) : [safe(text)];

  const drawTableHeader = () => {
    const heights = cols.map((c) => cellText(c.header, c, fonts.bold).length);
    const h = Math.max(...heights) * line + 2 * CELL_PAD;
    page.drawRectangle({ x: MARGIN, y: y - h, width: inner, height: h, color: SHADE });
    cols.forEach((c) => {
      cellText(c.header, c, fonts.bold).forEach((t, i) => {
        const size = fitSize(t, fonts.bold, c);
        const x = c.align === 'right' ? c.x + c.w - CELL_PAD - textWidth(t, fonts.bold, size) : c.x + CELL_PAD;
        drawText(page, t, x, y - CELL_PAD - BODY - i * line + 1, fonts.bold, size);
      });
    });
    y -= h;
  };
  const fitSize = (text: string, font: PDFFont, col: (typeof cols)[number]) => {
    if (col.align === 'left') return BODY;
    const w = textWidth(text, font, BODY);
    const room = col.w - 2 * CELL_PAD;
    return w > room ? (BODY * room) / w : BODY;
  };
  const continuation = () => {
    newPage();
    const head = [title, number].filter(Boolean).join(' ');
    drawText(page, head, MARGIN, y - 10, fonts.bold, 10);
    drawText(page, '(continued)', MARGIN + textWidth(head, fonts.bold, 10) + 6, y - 10, fonts.regular, BODY, MUTED);
    y -= 26;
  };

  drawTableHeader();
  for (const row of spec.rows) {
    const cells = cols.map((c, i) => cellText(row[i] ?? '', c, fonts.regular));
    const h = Math.max(1, ...cells.map((c) => c.length)) * line + 2 * CELL_PAD;
    if (y - h < bottom) {
      continuation();
      drawTableHeader();
    }
    cols.forEach((c, i) => {
      cells[i]!.forEach((t, n) => {
        const size = fitSize(t, fonts.regular, c);
        const x = c.align === 'right' ? c.x + c.w - CELL_PAD - textWidth(t, fonts.regular, size) : c.x + CELL_PAD;
        drawText(page, t, x, y - CELL_PAD - BODY - n * line + 1, fonts.regular, size);
      });
    });
    y -= h;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: pageW - MARGIN, y }, thickness: 0.5, color: RULE });
  }

  // ---------------------------------------------------------------- totals
  y -= 8;
  const totalsLabelX = MARGIN + inner * 0.55;
  for (const row of spec.totals) {
    const font = row.bold ? fonts.bold : fonts.regular;
    const size = row.bold ? BODY + 1.5 : BODY;
    if (y - size * LEADING < bottom) continuation();
    y -= size * LEADING;
    drawText(page, safe(row.label), totalsLabelX, y, font, size, row.bold ? INK : MUTED);
    const v = safe(row.value);
    drawText(page, v, pageW - MARGIN - CELL_PAD - textWidth(v, font, size), y, font, size);
  }

  // ---------------------------------------------------------------- paragraphs
  for (const p of spec.paragraphs ?? []) {
    if (!p.text?.trim()) continue;
    y -= 12;
    if (y - 2 * line < bottom) continuation();
    drawText(page, safe(p.heading).toUpperCase(), MARGIN, y - SMALL, fonts.bold, SMALL, MUTED);
    y -= SMALL + 4;
    for (const t of wrapText(p.text, fonts.regular, BODY, inner)) {
      if (y - line < bottom) continuation();
      y -= line;
      drawText(page, t, MARGIN, y + 2, fonts.regular, BODY);
    }
  }

  // ---------------------------------------------------------------- footers
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawLine({
      start: { x: MARGIN, y: MARGIN + 12 },
      end: { x: pageW - MARGIN, y: MARGIN + 12 },
      thickness: 0.5,
      color: RULE,
    });
    const label = `Page ${i + 1} of ${pages.length}`;
    drawText(p, label, pageW - MARGIN - textWidth(label, fonts.regular, SMALL), MARGIN, fonts.regular, SMALL, MUTED);
    const footer = safe(spec.footer ?? [spec.title, spec.number].filter(Boolean).join(' '));
    const room = inner - textWidth(label, fonts.regular, SMALL) - 12;
    drawText(p, wrapText(footer, fonts.regular, SMALL, room)[0] ?? '', MARGIN, MARGIN, fonts.regular, SMALL, MUTED);
  });
  return Buffer.from(await pdf.save());
}
