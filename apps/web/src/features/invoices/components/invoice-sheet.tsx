import { createPortal } from 'react-dom';
import { Card, Stack } from '@mantine/core';
import type { ActiveStore, Invoice } from '@ipos/contracts';
import { InvoiceBillTo, InvoiceSheetHeader } from './invoice-sheet-header';
import { InvoiceSheetLines } from './invoice-sheet-lines';
import { InvoiceSheetPayments, InvoiceSheetTotals } from './invoice-sheet-summary';
import classes from './invoice-view.module.css';

export interface InvoiceSheetProps {
  invoice: Invoice;
  store: ActiveStore;
  /** Issue refused for want of stock: on hand by variant, said on the short lines. */
  shortages?: ReadonlyMap<string, number>;
  /** The copy the browser prints: no links, no badges, no test ids. */
  forPrint?: boolean;
}

/**
 * The invoice as the customer receives it: the business's logo and tax id, the store, the customer, number or DRAFT, dates, state,
 * lines with discounts and taxes, totals, payments, the balance, notes and terms.
 */
export function InvoiceSheet({ invoice: inv, store, shortages = new Map(), forPrint = false }: InvoiceSheetProps) {
  const currency = store.business.currency;
  const tid = (id: string) => (forPrint ? undefined : id);
  return (
    <Card
      radius="md"
      padding={forPrint ? 0 : 'xl'}
      className={classes.sheet}
      data-testid={tid('invoice-sheet')}
      withBorder={!forPrint}
    >
      <Stack gap="lg">
        <InvoiceSheetHeader invoice={inv} store={store} forPrint={forPrint} tid={tid} />
        <InvoiceBillTo invoice={inv} forPrint={forPrint} />
        <InvoiceSheetLines invoice={inv} currency={currency} shortages={shortages} tid={tid} />
        <InvoiceSheetTotals invoice={inv} currency={currency} tid={tid} />
        <InvoiceSheetPayments invoice={inv} currency={currency} tid={tid} />
      </Stack>
    </Card>
  );
}

/**
 * What Print prints: a copy of the sheet straight on <body>, hidden on screen; the print stylesheet
 * (only while this copy exists) hides everything else and sets A4.
 */
export function InvoicePrintCopy({ invoice, store }: { invoice: Invoice; store: ActiveStore }) {
  return createPortal(
    <div className={classes.printCopy} data-testid="invoice-print-copy">
      <InvoiceSheet invoice={invoice} store={store} forPrint />
    </div>,
    document.body,
  );
}
