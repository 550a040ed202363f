import type { PaymentInput } from '@ipos/contracts';

/**
 * Stand-ins for the payment dialog and the receipt panel, which have tests of their own: register
 * tests mock them with these (`vi.mock('./payment/payment-dialog', …)`) so that paying is one click.
 * This file imports nothing of the register: a mock's factory that did would wait on itself.
 */
export function FakePaymentDialog(props: {
  opened: boolean;
  totalMinor: number;
  onConfirm: (payments: PaymentInput[]) => void;
}) {
  return props.opened ? (
    <div role="dialog" aria-label="Payment">
      <button onClick={() => props.onConfirm([{ method: 'cash', amountMinor: props.totalMinor }])}>Confirm cash</button>
    </div>
  ) : null;
}

export function FakeReceiptPanel(props: { saleId: string; onNewSale: () => void }) {
  return (
    <div>
      Receipt of {props.saleId}
      <button onClick={props.onNewSale}>New sale</button>
    </div>
  );
}
