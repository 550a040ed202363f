import type { PDFFont } from 'pdf-lib';
import { currencies } from '@ipos/contracts';
import {
  A4_PORTRAIT,
  BODY,
  INK,
  LEADING,
  MARGIN,
  MUTED,
  PdfWriter,
  SMALL,
  embedLogo,
  fitWithin,
  type PdfColumn,
  type PdfLogo,
} from './pdf-writer.js';
import { groupedAmount, textWidth, wrapText } from './pdf-text.js';

/**
 * An A4 business document (invoice, purchase order…) as a PDF in the embedded DejaVu Sans, with the
 * business logo when it has one.
 *
 *   ┌ Title                            Issuer's logo (when there is one) ┐
 *   │                    Issuer (store name, address, phone, tax id) │
 *   │ Number                                                          │
 *   │ Party heading / name / address…        meta pairs (dates…)     │
 *   │ table: header row, rows (text wraps; numbers right-aligned)    │  ← page breaks repeat the header
 *   │                                        totals rows             │
 *   │ paragraphs (notes, terms)                                       │
 *   └ footer                                          Page 1 of 2    ┘
 *
 * Callers give every cell as text (format money with `documentMoney`); the pages, the table and
 * the text the font cannot draw are the `PdfWriter`'s.
 */

export type DocumentPdfColumn = PdfColumn;

export interface DocumentPdfSpec {
  /** "Invoice", "Purchase order". */
  title: string;
  /** "LEK-INV000042"; null while a draft. */
  number: string | null;
  /** A word across every page ("DRAFT", "VOID"); none when left out. */
  stamp?: string | undefined;
  /** Who issues it: the business's logo, the store's display name, address, phone and the business's tax id. */
  issuer: {
    name: string;
    address?: string | null;
    phone?: string | null;
    taxId?: string | null;
    logo?: PdfLogo | null;
  };
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

/** The document as an A4 PDF (one page or more). */
export async function renderDocumentPdf(spec: DocumentPdfSpec): Promise<Buffer> {
  const heading = [spec.title, spec.number].filter(Boolean).join(' ');
  const w = await PdfWriter.create({
    title: spec.pdfTitle ?? heading,
    pageSize: A4_PORTRAIT,
    continuation: heading,
    stamp: spec.stamp,
  });
  const { fonts, inner, line } = w;
  const pageRight = w.width - MARGIN;

  // ---------------------------------------------------------------- first page header
  const top = w.y;
  w.text(spec.title, MARGIN, top - 20, fonts.bold, 20);
  let left = top - 20 - 16;
  if (spec.number) w.text(spec.number, MARGIN, left, fonts.bold, 11);
  if (spec.stamp) {
    const after = spec.number ? textWidth(spec.number, fonts.bold, 11) + 10 : 0;
    w.text(spec.stamp, MARGIN + after, left, fonts.bold, 11, MUTED);
  }
  left -= 8;

  const issuerWidth = inner * 0.45;
  let right = top - 10;
  const logo = await embedLogo(w.pdf, spec.issuer.logo);
  if (logo) {
    const size = fitWithin(logo, issuerWidth, 48);
    w.page.drawImage(logo, { x: pageRight - size.width, y: top - size.height, ...size });
    right = top - size.height - 14;
  }
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
    w.textRight(text, pageRight, right, font, size);
    right -= size * LEADING;
  }
  const y = Math.min(left, right) - 14;

  // ---------------------------------------------------------------- party and meta
  const partyWidth = inner * 0.5;
  let py = y;
  w.text(spec.party.heading.toUpperCase(), MARGIN, py, fonts.bold, SMALL, MUTED);
  py -= line;
  for (const t of wrapText(spec.party.name, fonts.bold, BODY + 1, partyWidth)) {
    w.text(t, MARGIN, py, fonts.bold, BODY + 1);
    py -= line;
  }
  const partyDetails = [
    spec.party.address,
    spec.party.phone,
    spec.party.email,
    spec.party.taxId ? `Tax ID: ${spec.party.taxId}` : null,
  ].filter((t): t is string => !!t);
  for (const t of partyDetails.flatMap((d) => wrapText(d, fonts.regular, BODY, partyWidth))) {
    w.text(t, MARGIN, py, fonts.regular, BODY);
    py -= line;
  }
  let my = y;
  const metaX = MARGIN + inner * 0.58;
  for (const [label, value] of spec.meta) {
    w.text(label, metaX, my, fonts.regular, BODY, MUTED);
    // A long value (a void reason) wraps under itself, right-aligned, never over its label.
    const room = pageRight - metaX - textWidth(label, fonts.regular, BODY) - 8;
    for (const v of wrapText(value, fonts.bold, BODY, room)) {
      w.textRight(v, pageRight, my, fonts.bold, BODY);
      my -= line;
    }
  }
  w.y = Math.min(py, my) - 12;

  // ---------------------------------------------------------------- table and totals
  w.table(spec.columns, spec.rows);
  w.y -= 8;
  const totalsLabelX = MARGIN + inner * 0.55;
  for (const row of spec.totals) {
    const font = row.bold ? fonts.bold : fonts.regular;
    const size = row.bold ? BODY + 1.5 : BODY;
    w.ensure(size * LEADING);
    w.y -= size * LEADING;
    w.text(row.label, totalsLabelX, w.y, font, size, row.bold ? INK : MUTED);
    w.textRight(row.value, pageRight - 4, w.y, font, size);
  }

  // ---------------------------------------------------------------- paragraphs
  for (const p of spec.paragraphs ?? []) if (p.text?.trim()) w.paragraph(p.heading, p.text);

  return w.finish(spec.footer ?? heading);
}
