import { describe, expect, it } from 'vitest';
import { purchaseOrderStatus as S, purchaseOrderStatuses } from './statuses.js';
import {
  purchaseOrderActions,
  purchaseOrderRefusal,
  statusAfterRecall,
  statusAfterReceipt,
  type PurchaseOrderAction,
  type PurchaseOrderFacts,
} from './transitions.js';

/**
 * The expected answer for every (status, anyReceived, anyHeld, action), written out independently of
 * the implementation from ARCHITECTURE.md's table: null = allowed, else the refusal code.
 */
function expected(f: PurchaseOrderFacts, action: PurchaseOrderAction): string | null {
  const open = f.status === S.OPEN;
  switch (action) {
    case 'send':
    case 'receive':
      return open ? null : 'PO_TRANSITION_FORBIDDEN';
    case 'edit':
    case 'cancel':
      return !open ? 'PO_TRANSITION_FORBIDDEN' : f.anyReceived ? 'PO_ALREADY_RECEIVING' : null;
    case 'close':
      return !open ? 'PO_TRANSITION_FORBIDDEN' : f.anyReceived ? null : 'PO_NOTHING_RECEIVED';
    case 'recall':
      if (f.status === S.CANCELLED || f.status === S.FULLY_RECALLED) return 'PO_TRANSITION_FORBIDDEN';
      return f.anyHeld ? null : 'PO_NOTHING_TO_RECALL';
  }
}

const combos: PurchaseOrderFacts[] = purchaseOrderStatuses.flatMap((s) =>
  [false, true].flatMap((anyReceived) => [false, true].map((anyHeld) => ({ status: s.value, anyReceived, anyHeld }))),
);

describe('purchaseOrderRefusal: every action from every status with every combination of facts', () => {
  const cases = combos.flatMap((facts) => purchaseOrderActions.map((action) => ({ facts, action })));

  it('covers 5 statuses × 4 fact combinations × 6 actions', () => {
    expect(cases).toHaveLength(5 * 4 * 6);
  });

  it.each(cases)(
    '$action from $facts.status (received $facts.anyReceived, held $facts.anyHeld)',
    ({ facts, action }) => {
      const refusal = purchaseOrderRefusal(facts, action);
      expect(refusal?.code ?? null).toBe(expected(facts, action));
      if (refusal) expect(refusal.message.length).toBeGreaterThan(10);
    },
  );

  it('final statuses allow nothing', () => {
    for (const status of [S.CANCELLED, S.FULLY_RECALLED])
      for (const action of purchaseOrderActions)
        for (const anyReceived of [false, true])
          expect(purchaseOrderRefusal({ status, anyReceived, anyHeld: anyReceived }, action)?.code).toBe(
            'PO_TRANSITION_FORBIDDEN',
          );
  });

  it('names the status in a forbidden transition', () => {
    expect(purchaseOrderRefusal({ status: S.CLOSED, anyReceived: true, anyHeld: true }, 'cancel')?.message).toBe(
      'A closed purchase order cannot be cancelled',
    );
  });
});

describe('statusAfterReceipt and statusAfterRecall', () => {
  it('stays OPEN until every line is fully received, then CLOSED', () => {
    expect(
      statusAfterReceipt([
        { orderedThousandths: 5000, receivedThousandths: 5000 },
        { orderedThousandths: 2500, receivedThousandths: 2499 },
      ]),
    ).toBe(S.OPEN);
    expect(
      statusAfterReceipt([
        { orderedThousandths: 5000, receivedThousandths: 5000 },
        { orderedThousandths: 2500, receivedThousandths: 2500 },
      ]),
    ).toBe(S.CLOSED);
  });

  it('is PARTIALLY RECALLED while anything received is still held, FULLY RECALLED once all went back', () => {
    expect(
      statusAfterRecall([
        { receivedThousandths: 3000, returnedThousandths: 3000 },
        { receivedThousandths: 1000, returnedThousandths: 0 },
      ]),
    ).toBe(S.PARTIALLY_RECALLED);
    expect(
      statusAfterRecall([
        { receivedThousandths: 3000, returnedThousandths: 3000 },
        // A line never received has nothing to send back.
        { receivedThousandths: 0, returnedThousandths: 0 },
      ]),
    ).toBe(S.FULLY_RECALLED);
  });
});
