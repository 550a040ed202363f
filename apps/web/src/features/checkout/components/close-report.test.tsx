import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { systemRolePermissions, type ActiveStore, type RegisterSession } from '@ipos/contracts';
import { storageKeys, writeStored } from '../../../lib/storage';
import { activeStoreQueryOptions } from '../../../lib/active-store';
import { BUSINESS_ID, IKEJA_ID } from '../../../test/fixtures';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { CloseReport } from './close-report';

const CASHIER = { id: '0190a6a0-0000-7000-8000-0000000000c1', name: 'Dayo Cashier' };

const store = (timeZone: string): ActiveStore => ({
  id: IKEJA_ID,
  name: 'Ikeja',
  alias: 'IKJ',
  timeZone,
  address: null,
  allowNegativeStock: false,
  wasteApprovalThresholdMinor: 500_000,
  business: { id: BUSINESS_ID, name: 'Demo Mart', currency: 'NGN', logoVersion: null },
  roleName: 'IPOS_BASIC',
  permissions: [...systemRolePermissions.IPOS_BASIC],
});

const closed: RegisterSession = {
  id: '0190a6a0-0000-7000-8000-0000000000e1',
  storeId: IKEJA_ID,
  registerName: 'Till 1',
  status: 'closed',
  openingFloatMinor: 500_000,
  openedAt: '2026-11-26T07:05:00.000Z',
  openedBy: CASHIER,
  closedAt: '2026-11-26T09:39:17.000Z',
  closedBy: CASHIER,
  countedDenominations: null,
  closingNote: null,
  cashMovements: [
    {
      id: '0190a6a0-0000-7000-8000-0000000000f1',
      kind: 'cash_out',
      amountMinor: 100_000,
      reason: 'Fuel',
      occurredAt: '2026-11-26T08:15:00.000Z',
      by: CASHIER,
    },
  ],
  summary: {
    salesCount: 0,
    salesTotalMinor: 0,
    byMethod: { cash: 0, card: 0, bank_transfer: 0, mobile_money: 0 },
    refundsTotalMinor: 0,
    cashRefundsMinor: 0,
    cashInMinor: 0,
    cashOutMinor: 100_000,
    expectedCashMinor: 400_000,
    countedCashMinor: 400_000,
    varianceMinor: 0,
  },
  version: 2,
};

/** The report as the till shows it after closing, in a store of `timeZone` that has already loaded. */
function renderReport(timeZone: string) {
  writeStored(storageKeys.storeId, IKEJA_ID);
  const queryClient = testQueryClient();
  queryClient.setQueryData(activeStoreQueryOptions(IKEJA_ID).queryKey, store(timeZone));
  renderWithProviders(<CloseReport session={closed} currency="NGN" onDone={() => undefined} />, { queryClient });
  return within(screen.getByTestId('close-report'));
}

// The browser's clock is on another continent than the shop: the report must not follow it.
const deviceZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
});
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('the close (Z) report', () => {
  it('shows when the register opened and closed on the store’s clock, in the app’s format', () => {
    const report = renderReport('Africa/Lagos');
    expect(report.getByText(/^Opened/)).toHaveTextContent(
      'Opened 26 Nov 2026, 08:05 by Dayo Cashier · closed 26 Nov 2026, 10:39 by Dayo Cashier',
    );
    expect(report.getByRole('table', { name: 'Cash movements' })).toHaveTextContent('09:15');
  });

  it('follows the store’s zone, not the device’s: the same session read in a Nairobi store', () => {
    const report = renderReport('Africa/Nairobi');
    expect(report.getByText(/^Opened/)).toHaveTextContent(
      'Opened 26 Nov 2026, 10:05 by Dayo Cashier · closed 26 Nov 2026, 12:39',
    );
    expect(report.getByRole('table', { name: 'Cash movements' })).toHaveTextContent('11:15');
  });

  it('prints the same times on the paper copy', () => {
    renderReport('Africa/Lagos');
    expect(screen.getByTestId('close-report-print')).toHaveTextContent('closed 26 Nov 2026, 10:39');
  });
});
