import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { hex, pdfText } from './pdf-text.js';
import { documentMoney, renderDocumentPdf, type DocumentPdfSpec } from '../../src/lib/document-pdf.js';
import { wrapText } from '../../src/lib/pdf-writer.js';
import { imagesIn, TINY_PNG } from '../support/images.js';

/** How many times `needle` occurs in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

const spec = (rows: string[][], extra: Partial<DocumentPdfSpec> = {}): DocumentPdfSpec => ({
  title: 'Invoice',
  number: 'LEK-INV000042',
  issuer: { name: 'Demo Mart Lekki', address: '12 Admiralty Way, Lekki', phone: '+2348012345678', taxId: 'TIN-1234' },
  party: { heading: 'Bill to', name: 'Ọlá Stores Ltd', email: 'accounts@ola.ng', taxId: 'TIN-999' },
  meta: [
    ['Issue date', '1 Mar 2026'],
    ['Due date', '15 Mar 2026'],
  ],
  columns: [
    { header: 'Description', width: 5 },
    { header: 'Qty', width: 1, align: 'right' },
    { header: 'Amount', width: 2, align: 'right' },
  ],
  rows,
  totals: [
    { label: 'Subtotal', value: documentMoney(250_000, 'NGN') },
    { label: 'Total', value: documentMoney(250_000, 'NGN'), bold: true },
  ],
  paragraphs: [
    { heading: 'Terms', text: 'Pay within 14 days.' },
    { heading: 'Notes', text: '' },
  ],
  ...extra,
});

describe('A4 document PDF (lib/document-pdf.ts)', () => {
  it('formats money exactly with the currency symbol', () => {
    expect(documentMoney(125_050, 'NGN')).toBe('₦1,250.50');
    expect(documentMoney(-10_000, 'NGN')).toBe('-₦100.00');
    expect(documentMoney(100_000_000_01, 'NGN')).toBe('₦100,000,000.01');
  });

  it('draws an A4 page with the title, number, both parties, meta, rows, totals and terms; ₦ as a stroked N', async () => {
    const bytes = await renderDocumentPdf(
      spec([['Golden Penny Semovita 1kg', '2', documentMoney(250_000, 'NGN')]], {
        meta: [
          ['Due date', '15 Mar 2026'],
          ['Void reason', 'The customer cancelled the whole order after the delivery van broke down twice'],
        ],
      }),
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(pdf.getPage(0).getHeight()).toBeCloseTo(841.89, 1);
    expect(pdf.getTitle()).toBe('Invoice LEK-INV000042');
    const text = pdfText(bytes);
    for (const t of [
      'Invoice',
      'LEK-INV000042',
      'Demo Mart Lekki',
      'Tax ID: TIN-1234',
      'Olá Stores Ltd', // Ọ folded for Helvetica, á kept
      'accounts@ola.ng',
      'Due date',
      '15 Mar 2026',
      'Golden Penny Semovita 1kg',
      '2,500.00',
      'Pay within 14 days.',
      'twice', // the end of a long meta value, wrapped onto lines of its own
      'TERMS',
      'Page 1 of 1',
    ])
      expect(text, t).toContain(hex(t));
    expect(text).not.toContain(hex('NOTES')); // an empty paragraph is left out
    expect(text).not.toContain(hex('The customer cancelled the whole order after the delivery van broke down twice'));
    expect(text).not.toContain(hex('₦'));
  });

  it('wraps long descriptions and breaks pages, repeating the table header and numbering the pages', async () => {
    const long = 'A very long description of a service that certainly does not fit on one line of its column '.repeat(
      2,
    );
    const rows = Array.from({ length: 80 }, (_, i) => [`${i + 1}. ${long}`, '1', documentMoney(1000, 'NGN')]);
    const bytes = await renderDocumentPdf(spec(rows, { stamp: 'DRAFT', number: null }));
    const pdf = await PDFDocument.load(bytes);
    const pages = pdf.getPageCount();
    expect(pages).toBeGreaterThan(2);
    const text = pdfText(bytes);
    expect(count(text, hex('Description'))).toBe(pages); // the header on every page
    expect(text).toContain(hex(`Page ${pages} of ${pages}`));
    expect(text).toContain(hex('80. A very long'));
    expect(count(text, hex('DRAFT'))).toBeGreaterThanOrEqual(pages);
    expect(pdf.getTitle()).toBe('Invoice');
  });

  it('prints the business logo at the top right, and a damaged one not at all', async () => {
    const plain = await renderDocumentPdf(spec([['Rice', '1', documentMoney(250_000, 'NGN')]]));
    expect(await imagesIn(plain)).toBe(0);
    const withLogo = await renderDocumentPdf(
      spec([['Rice', '1', documentMoney(250_000, 'NGN')]], {
        issuer: { ...spec([]).issuer, logo: { contentType: 'image/png', bytes: TINY_PNG } },
      }),
    );
    expect(await imagesIn(withLogo)).toBe(1);
    // The issuer is still named, under the logo.
    expect(pdfText(withLogo)).toContain(hex('Demo Mart Lekki'));
    const damaged = await renderDocumentPdf(
      spec([['Rice', '1', documentMoney(250_000, 'NGN')]], {
        issuer: { ...spec([]).issuer, logo: { contentType: 'image/png', bytes: TINY_PNG.subarray(0, 20) } },
      }),
    );
    expect(await imagesIn(damaged)).toBe(0);
    expect(pdfText(damaged)).toContain(hex('Demo Mart Lekki'));
  });

  it('splits text into lines within the width, breaking words longer than a line', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = wrapText('short words here and a Supercalifragilisticexpialidocious-word', font, 9, 60);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 9)).toBeLessThanOrEqual(60);
    expect(lines.join('').replaceAll(' ', '')).toBe('shortwordshereandaSupercalifragilisticexpialidocious-word');
  });
});
