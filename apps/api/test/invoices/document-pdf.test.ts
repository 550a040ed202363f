import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { documentMoney, renderDocumentPdf, type DocumentPdfSpec } from '../../src/lib/document-pdf.js';
import { embedPdfFonts, textWidth, wrapText } from '../../src/lib/pdf-text.js';
import { expectDrawn, expectHostileNamePrinted, HOSTILE_NAME, pdfText } from '../support/pdf-text.js';
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

  it('draws an A4 page with the title, number, both parties, meta, rows, totals and terms; ₦ as text', async () => {
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
      'Ọlá Stores Ltd', // as typed, in the embedded font
      'accounts@ola.ng',
      'Due date',
      '15 Mar 2026',
      'Golden Penny Semovita 1kg',
      '₦2,500.00',
      'Pay within 14 days.',
      'twice', // the end of a long meta value, wrapped onto lines of its own
      'TERMS',
      'Page 1 of 1',
    ])
      expectDrawn(text, t);
    expect(text).not.toContain('NOTES'); // an empty paragraph is left out
    // The long meta value wraps onto lines of its own.
    expect(text).not.toContain('The customer cancelled the whole order after the delivery van broke down twice');
  });

  it('prints a line’s description and SKU on lines of their own, never joined by "?"', async () => {
    const text = pdfText(
      await renderDocumentPdf(
        spec([['Golden Penny Semovita 2kg\nSKU DM-FB-9001', '2', documentMoney(250_000, 'NGN')]]),
      ),
    );
    expect(text).toContain('Golden Penny Semovita 2kg\nSKU DM-FB-9001');
    expect(text).not.toContain('?');
  });

  it('prints a name with a line break, ₦, é, ł, an emoji and Arabic as typed in every field', async () => {
    const bytes = await renderDocumentPdf(
      spec([[HOSTILE_NAME, '1', HOSTILE_NAME]], {
        issuer: { name: HOSTILE_NAME, address: HOSTILE_NAME },
        party: { heading: 'Bill to', name: HOSTILE_NAME, address: HOSTILE_NAME },
        meta: [['Reference', HOSTILE_NAME]],
        totals: [{ label: HOSTILE_NAME, value: documentMoney(100, 'NGN') }],
        paragraphs: [{ heading: 'Notes', text: HOSTILE_NAME }],
        footer: HOSTILE_NAME,
        stamp: 'DRAFT',
      }),
    );
    const text = expectHostileNamePrinted(bytes);
    // The issuer, party, meta, description cell, amount cell, totals label, notes and footer.
    expect(text.replace(/\s+/g, ' ').split('مرحبا بكم').length - 1).toBeGreaterThanOrEqual(8);
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
    expect(count(text, 'Description')).toBe(pages); // the header on every page
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('80. A very long');
    expect(count(pdfText(bytes, 'raw'), 'DRAFT')).toBeGreaterThanOrEqual(pages);
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
    expect(pdfText(withLogo)).toContain('Demo Mart Lekki');
    const damaged = await renderDocumentPdf(
      spec([['Rice', '1', documentMoney(250_000, 'NGN')]], {
        issuer: { ...spec([]).issuer, logo: { contentType: 'image/png', bytes: TINY_PNG.subarray(0, 20) } },
      }),
    );
    expect(await imagesIn(damaged)).toBe(0);
    expect(pdfText(damaged)).toContain('Demo Mart Lekki');
  });

  it('splits text into lines within the width, breaking words longer than a line', async () => {
    const pdf = await PDFDocument.create();
    const { regular: font } = await embedPdfFonts(pdf, 'sans');
    const lines = wrapText('short words here and a Supercalifragilisticexpialidocious-word', font, 9, 60);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(textWidth(l, font, 9)).toBeLessThanOrEqual(60);
    expect(lines.join('').replaceAll(' ', '')).toBe('shortwordshereandaSupercalifragilisticexpialidocious-word');
    // Its own line breaks start new lines; a tab is a space.
    expect(wrapText('one\ntwo\tthree', font, 9, 200)).toEqual(['one', 'two three']);
  });
});
