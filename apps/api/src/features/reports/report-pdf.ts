import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  formatReportRange,
  formatStoreDateTime,
  isNumericReportFormat,
  reportPdfFileName,
  reportStoresLabel,
  reportValueText,
  type Endpoint,
  type ReportColumn,
  type ReportDocument,
} from '@ipos/contracts';
import type { AppDeps } from '../../http/context.js';
import { route, type RouteContext } from '../../http/route.js';
import { documentMoney } from '../../lib/document-pdf.js';
import { A4_LANDSCAPE, BODY, MARGIN, MUTED, PdfWriter, SMALL } from '../../lib/pdf-writer.js';
import { wrapText } from '../../lib/pdf-text.js';

/** Figures per row of the figures grid. */
const FIGURES_PER_ROW = 6;

/** Room for a column: names and categories wide, days narrower, numbers (which shrink to fit) narrowest. */
function columnShare(column: ReportColumn, index: number): number {
  if (column.format === 'text') return index === 0 ? 3 : 2;
  return column.format === 'date' ? 1.4 : 1.2;
}

/**
 * A report as an A4 landscape PDF: its title, stores, period and when it was read; its figures in a
 * grid; then every table in full with its totals row — the same document the screen prints and
 * exports to CSV (contracts `ReportDocument`), so the three always agree.
 */
export async function renderReportPdf(document: ReportDocument): Promise<Buffer> {
  const { scope } = document;
  const stores = reportStoresLabel(scope);
  const range = formatReportRange(scope);
  const w = await PdfWriter.create({
    title: `${document.title}, ${range}`,
    pageSize: A4_LANDSCAPE,
    continuation: document.title,
  });
  const { fonts, inner } = w;
  const right = w.width - MARGIN;
  const text = (value: Parameters<typeof reportValueText>[0], format: ReportColumn['format']) =>
    reportValueText(value, format, (minor) => documentMoney(minor, scope.currency));

  // ---------------------------------------------------------------- head
  const top = w.y;
  w.text(document.title, MARGIN, top - 18, fonts.bold, 18);
  let y = top - 10;
  for (const t of wrapText(stores, fonts.bold, 10, inner * 0.5)) {
    w.textRight(t, right, y, fonts.bold, 10);
    y -= 13;
  }
  w.textRight(range, right, y, fonts.regular, BODY);
  y -= 12;
  const read = `Read ${formatStoreDateTime(scope.generatedAt, scope.stores[0]?.timeZone)}`;
  w.textRight(read, right, y, fonts.regular, SMALL, MUTED);
  w.y = Math.min(y, top - 18) - 20;

  // ---------------------------------------------------------------- figures
  const cell = inner / FIGURES_PER_ROW;
  for (let i = 0; i < document.figures.length; i += FIGURES_PER_ROW) {
    const row = document.figures.slice(i, i + FIGURES_PER_ROW);
    const labels = row.map((f) => wrapText(f.label, fonts.regular, SMALL, cell - 8).slice(0, 2));
    const labelLines = Math.max(...labels.map((l) => l.length));
    const height = labelLines * SMALL * 1.3 + 18;
    w.ensure(height);
    row.forEach((figure, n) => {
      const x = MARGIN + n * cell;
      labels[n]!.forEach((t, l) => w.text(t, x, w.y - SMALL - l * SMALL * 1.3, fonts.regular, SMALL, MUTED));
      const value = text(figure.value, figure.format);
      w.text(value, x, w.y - labelLines * SMALL * 1.3 - 12, fonts.bold, 11);
    });
    w.y -= height + 4;
  }

  // ---------------------------------------------------------------- tables
  for (const table of document.tables) {
    w.y -= 12;
    w.ensure(60);
    w.text(table.title, MARGIN, w.y - 11, fonts.bold, 11);
    w.y -= 18;
    if (table.rows.length === 0) {
      w.text('Nothing in this period.', MARGIN, w.y - BODY, fonts.regular, BODY, MUTED);
      w.y -= BODY * 2;
      continue;
    }
    const columns = table.columns.map((c, i) => ({
      header: c.label,
      width: columnShare(c, i),
      align: isNumericReportFormat(c.format) ? ('right' as const) : ('left' as const),
    }));
    const rows = table.rows.map((row) => table.columns.map((c) => text(row[c.key] ?? null, c.format)));
    const totals = table.totals;
    w.table(
      columns,
      rows,
      totals && table.columns.map((c) => (totals[c.key] === undefined ? '' : text(totals[c.key] ?? null, c.format))),
    );
  }

  return w.finish(`${document.title} · ${stores} · ${range}`);
}

/**
 * Registers a report's PDF endpoint: the report read as its JSON endpoint reads it, described as a
 * document, written as a PDF named after the report and its period.
 */
export function reportPdfRoute<E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodUnknown>>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  document: (ctx: RouteContext<E>) => Promise<ReportDocument>,
) {
  route(app, deps, endpoint, async (ctx) => {
    const doc = await document(ctx);
    const pdf = await renderReportPdf(doc);
    ctx.reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${reportPdfFileName(doc.title, doc.scope)}"`)
      .header('content-length', pdf.length);
    return pdf as z.input<E['response']>;
  });
}
