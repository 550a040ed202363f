import type { ReactNode } from 'react';
import {
  formatStoreDateTime,
  mobileMoneyProviderLabels,
  paymentMethodLabels,
  type ProductUnit,
  type Receipt,
  type ReceiptPaperWidth,
} from '@ipos/contracts';
import { BusinessLogo } from '../../../../components/business-logo/business-logo';
import { formatMoney } from '../../../../lib/money';
import { formatQuantity } from '../../../../lib/quantity';
import { ReceiptBarcode } from './receipt-barcode';
import { percentOf } from './receipt-format';
import classes from './receipt.module.css';

function Row({
  left,
  right,
  strong,
  indent,
}: {
  left: ReactNode;
  right: ReactNode;
  strong?: boolean;
  indent?: boolean;
}) {
  return (
    <div className={classes.row} data-strong={strong || undefined} data-indent={indent || undefined}>
      <span>{left}</span>
      <span className={classes.amount}>{right}</span>
    </div>
  );
}

const Rule = () => <div className={classes.rule} aria-hidden />;

function Lines({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  return (
    <>
      {text
        .split(/\r?\n/)
        .filter((l) => l.trim())
        .map((line, i) => (
          <div key={i} className={className ?? classes.center}>
            {line}
          </div>
        ))}
    </>
  );
}

/**
 * The receipt as it prints on 58 or 80 mm thermal paper (and as the PDF and the mail lay it out):
 * logo, store and business header, sale number, date and time in the store's zone, cashier, customer,
 * lines with their discounts, totals with tax by rate, payments with change, refunds, a barcode of
 * the sale number, the footer. A reprint (`copy`) says COPY under the header, as its PDF does.
 */
export function ReceiptView({
  receipt,
  width,
  copy = false,
  pending = false,
}: {
  receipt: Receipt;
  width: ReceiptPaperWidth;
  copy?: boolean;
  /** Completed on the device, not yet recorded by the server: its number is the offline reference. */
  pending?: boolean;
}) {
  const { store, business, sale, taxes } = receipt;
  const money = (minor: number) => formatMoney(minor, business.currency);
  const lineDiscounts = sale.lines.reduce((s, l) => s + l.lineDiscountMinor, 0);
  const cartDiscount = sale.discountMinor - lineDiscounts;

  return (
    <article className={classes.receipt} data-width={width} aria-label={`Receipt ${sale.number}`}>
      <BusinessLogo logoVersion={business.logoVersion} businessName={business.name} className={classes.logo} />
      <div className={classes.storeName}>{store.displayName}</div>
      <Lines text={business.header} />
      <Lines text={store.address} />
      {store.phone && <div className={classes.center}>Tel {store.phone}</div>}
      {business.taxId && <div className={classes.center}>Tax ID {business.taxId}</div>}
      {copy && (
        <div className={classes.copyMark} data-testid="receipt-copy-mark">
          *** COPY ***
        </div>
      )}
      {pending && (
        <div className={classes.copyMark} data-testid="receipt-pending-sync">
          Pending sync
        </div>
      )}
      <Rule />
      <Row left="Sale" right={sale.number} strong />
      {sale.offlineReference && <Row left="Offline ref" right={sale.offlineReference} />}
      <Row
        left="Date"
        right={<time dateTime={sale.completedAt}>{formatStoreDateTime(sale.completedAt, store.timeZone)}</time>}
      />
      <Row left="Cashier" right={sale.cashier.name} />
      <Row left="Register" right={sale.session.registerName} />
      {sale.customer && <Row left="Customer" right={sale.customer.name} />}
      {sale.voided && (
        <div className={classes.voided} role="status">
          <strong>VOIDED</strong> {formatStoreDateTime(sale.voided.at, store.timeZone)}: {sale.voided.reason}
        </div>
      )}
      <Rule />

      {sale.lines.map((line) => {
        const unit = line.unit as ProductUnit;
        return (
          <div key={line.lineNo} className={classes.line}>
            <div>{line.name}</div>
            <Row
              indent
              left={`${formatQuantity(line.quantity, unit)} × ${money(line.unitPriceMinor)}`}
              right={money(line.grossMinor)}
            />
            {line.lineDiscountMinor > 0 && <Row indent left="Discount" right={money(-line.lineDiscountMinor)} />}
            {line.refundedQuantity > 0 && (
              <div className={classes.indent}>Refunded {formatQuantity(line.refundedQuantity, unit)}</div>
            )}
          </div>
        );
      })}
      <Rule />

      <Row left="Subtotal" right={money(sale.subtotalMinor)} />
      {lineDiscounts > 0 && <Row left="Line discounts" right={money(-lineDiscounts)} />}
      {cartDiscount > 0 && (
        <Row
          left={sale.cartDiscount?.type === 'percent' ? `Discount ${percentOf(sale.cartDiscount.value)}` : 'Discount'}
          right={money(-cartDiscount)}
        />
      )}
      {taxes.map((tax) => (
        <Row
          key={`${tax.name}-${tax.rateBasisPoints}-${tax.inclusive}`}
          left={`${tax.name} ${percentOf(tax.rateBasisPoints)} (${tax.inclusive ? 'incl.' : 'excl.'})`}
          right={money(tax.taxMinor)}
        />
      ))}
      <Row left="TOTAL" right={money(sale.totalMinor)} strong />
      <div className={classes.gap} />

      {sale.payments.map((p, i) => (
        <div key={i}>
          <Row
            left={
              p.method === 'mobile_money' && p.provider
                ? mobileMoneyProviderLabels[p.provider]
                : paymentMethodLabels[p.method]
            }
            right={money(p.amountMinor)}
          />
          {p.method === 'cash' && p.tenderedMinor !== null && p.tenderedMinor !== p.amountMinor && (
            <Row indent left="Tendered" right={money(p.tenderedMinor)} />
          )}
          {p.phone && <Row indent left="Phone" right={p.phone} />}
          {p.reference && <Row indent left="Ref" right={p.reference} />}
        </div>
      ))}
      {sale.changeMinor > 0 && <Row left="CHANGE" right={money(sale.changeMinor)} strong />}

      {sale.refunds.length > 0 && (
        <>
          <Rule />
          {sale.refunds.map((r) => (
            <div key={r.id}>
              <Row left={`Refund ${r.number}`} right={money(-r.totalMinor)} />
              <div className={classes.indent}>
                {formatStoreDateTime(r.createdAt, store.timeZone)}, {paymentMethodLabels[r.method]}
              </div>
            </div>
          ))}
          <Row left="Net paid" right={money(sale.totalMinor - sale.refundedMinor)} strong />
        </>
      )}

      <Rule />
      <ReceiptBarcode code={sale.number} className={classes.barcode} />
      {business.footer && (
        <div className={classes.footer}>
          <Lines text={business.footer} />
        </div>
      )}
    </article>
  );
}
