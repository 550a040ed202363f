import type { RegisterSession, Sale } from '@ipos/contracts';
import { LEKKI_ID } from '../../../test/fixtures';

/** The account that opened the fixtures' tills unless told otherwise. */
export const OPENER = { id: '0190a6a0-0000-7000-8000-0000000000a1', name: 'Ada Owner' };

/**
 * An open register session of Lekki with nothing rung up yet ("Till 1", no float), as the API
 * answers it; `summary` overrides merge into the empty summary.
 */
export function openRegisterSession(
  overrides: Omit<Partial<RegisterSession>, 'summary'> & { summary?: Partial<RegisterSession['summary']> } = {},
): RegisterSession {
  const { summary, ...rest } = overrides;
  return {
    id: '0190a6a0-0000-7000-8000-0000000000e1',
    storeId: LEKKI_ID,
    registerName: 'Till 1',
    status: 'open',
    openingFloatMinor: 0,
    openedAt: '2026-03-07T08:00:00.000Z',
    openedBy: OPENER,
    closedAt: null,
    closedBy: null,
    countedDenominations: null,
    closingNote: null,
    cashMovements: [],
    version: 1,
    ...rest,
    summary: {
      salesCount: 0,
      salesTotalMinor: 0,
      byMethod: { cash: 0, card: 0, bank_transfer: 0, mobile_money: 0 },
      refundsTotalMinor: 0,
      cashRefundsMinor: 0,
      cashInMinor: 0,
      cashOutMinor: 0,
      expectedCashMinor: 0,
      countedCashMinor: null,
      varianceMinor: null,
      ...summary,
    },
  };
}

/** The API's answer to a ₦300 cash sale of Lekki's "Till 1" with the id the register sent. */
export function completedSaleOf(id: string): Sale {
  return {
    id,
    number: 'LEK-S000001',
    storeId: LEKKI_ID,
    sessionId: openRegisterSession().id,
    status: 'completed',
    cashier: OPENER,
    customerId: null,
    lines: [],
    cartDiscount: null,
    payments: [],
    subtotalMinor: 30_000,
    discountMinor: 0,
    taxMinor: 0,
    totalMinor: 30_000,
    paidMinor: 30_000,
    changeMinor: 0,
    note: null,
    completedAt: '2026-03-07T09:00:00.000Z',
    recordedAt: '2026-03-07T09:00:00.000Z',
    offlineReference: null,
  };
}
