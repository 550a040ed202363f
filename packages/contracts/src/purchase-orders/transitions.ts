import { purchaseOrderStatus, purchaseOrderStatuses, type PurchaseOrderStatusValue } from './statuses.js';

/**
 * The purchase-order state machine (ARCHITECTURE.md "Purchase orders"), shared by the API, which
 * enforces it, and the web, which offers only what it allows.
 *
 *   OPEN ── receive (some) ──▶ OPEN            receive (the rest) ──▶ CLOSED
 *   OPEN ── close short (something received) ──▶ CLOSED
 *   OPEN ── cancel (nothing received) ──▶ CANCELLED
 *   OPEN | CLOSED | PARTIALLY RECALLED ── recall (something still held) ──▶ PARTIALLY RECALLED
 *        or FULLY RECALLED once everything received has gone back. A recall ends receiving: what was
 *        not delivered is no longer expected.
 *   edit (details and lines) and send (to the vendor): OPEN; edit only while nothing is received.
 * CANCELLED and FULLY RECALLED are final.
 */
export const purchaseOrderActions = ['edit', 'send', 'receive', 'close', 'cancel', 'recall'] as const;
export type PurchaseOrderAction = (typeof purchaseOrderActions)[number];

/** What the rules look at besides the status. */
export interface PurchaseOrderFacts {
  status: PurchaseOrderStatusValue;
  /** Any line has a received quantity above zero. */
  anyReceived: boolean;
  /** Any line has received − returned above zero (goods still held that could go back). */
  anyHeld: boolean;
}

export interface PurchaseOrderRefusal {
  /** Stable problem code of the 409. */
  code: 'PO_TRANSITION_FORBIDDEN' | 'PO_NOTHING_RECEIVED' | 'PO_ALREADY_RECEIVING' | 'PO_NOTHING_TO_RECALL';
  message: string;
}

const statusLabel = (status: PurchaseOrderStatusValue) =>
  purchaseOrderStatuses.find((s) => s.value === status)?.label.toLowerCase() ?? String(status);

const forbidden = (action: PurchaseOrderAction, status: PurchaseOrderStatusValue): PurchaseOrderRefusal => ({
  code: 'PO_TRANSITION_FORBIDDEN',
  message: `A ${statusLabel(status)} purchase order cannot be ${pastTense[action]}`,
});

const pastTense: Record<PurchaseOrderAction, string> = {
  edit: 'edited',
  send: 'sent',
  receive: 'received',
  close: 'closed',
  cancel: 'cancelled',
  recall: 'recalled',
};

/** Null when the action is allowed; otherwise why not, with the problem code the API answers. */
export function purchaseOrderRefusal(
  facts: PurchaseOrderFacts,
  action: PurchaseOrderAction,
): PurchaseOrderRefusal | null {
  const { status } = facts;
  const open = status === purchaseOrderStatus.OPEN;
  switch (action) {
    case 'send':
    case 'receive':
      return open ? null : forbidden(action, status);
    case 'edit':
      if (!open) return forbidden(action, status);
      return facts.anyReceived
        ? {
            code: 'PO_ALREADY_RECEIVING',
            message: 'Goods were received against this order: it can no longer be edited',
          }
        : null;
    case 'cancel':
      if (!open) return forbidden(action, status);
      return facts.anyReceived
        ? { code: 'PO_ALREADY_RECEIVING', message: 'Goods were received against this order: close it short instead' }
        : null;
    case 'close':
      if (!open) return forbidden(action, status);
      return facts.anyReceived
        ? null
        : { code: 'PO_NOTHING_RECEIVED', message: 'Nothing was received against this order: cancel it instead' };
    case 'recall':
      if (
        status !== purchaseOrderStatus.OPEN &&
        status !== purchaseOrderStatus.CLOSED &&
        status !== purchaseOrderStatus.PARTIALLY_RECALLED
      )
        return forbidden(action, status);
      return facts.anyHeld
        ? null
        : { code: 'PO_NOTHING_TO_RECALL', message: 'Nothing received on this order is left to return' };
  }
}

/** The status after a receipt: CLOSED once every line is fully received, else still OPEN. */
export function statusAfterReceipt(lines: { orderedThousandths: number; receivedThousandths: number }[]) {
  return lines.every((l) => l.receivedThousandths >= l.orderedThousandths)
    ? purchaseOrderStatus.CLOSED
    : purchaseOrderStatus.OPEN;
}

/** The status after a recall: FULLY RECALLED once everything received went back, else PARTIALLY RECALLED. */
export function statusAfterRecall(lines: { receivedThousandths: number; returnedThousandths: number }[]) {
  return lines.every((l) => l.returnedThousandths >= l.receivedThousandths)
    ? purchaseOrderStatus.FULLY_RECALLED
    : purchaseOrderStatus.PARTIALLY_RECALLED;
}
