import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSellable, WasteDetail } from '@ipos/contracts';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID } from '../../../test/fixtures';
import { variantsPage } from '../../../components/pickers/picker-fixtures';
import { renderRoutes } from '../../../test/render';
import { WasteForm } from './waste-form';
import { WasteList } from './waste-list';
import { WasteView } from './waste-view';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const VARIANT_ID = '0190a6a0-0000-7000-8000-00000000f001';
const WASTE_ID = '0190a6a0-0000-7000-8000-00000000e001';
const PERSON = { id: '0190a6a0-0000-7000-8000-000000000009', name: 'Dayo Cashier' };

const yoghurt: RegisterSellable = {
  productId: '0190a6a0-0000-7000-8000-00000000f000',
  variantId: VARIANT_ID,
  name: 'Hollandia Yoghurt 1L',
  sku: 'HOL-YOG-1L',
  barcode: null,
  unit: 'each',
  priceMinor: 260_000,
  costPriceMinor: 220_000,
  taxRateId: null,
  isTracked: true,
  onHand: 20,
  imageVersion: null,
  taxRateBasisPoints: 0,
  taxInclusive: false,
};

function wasteOf(overrides: Partial<WasteDetail> = {}): WasteDetail {
  return {
    id: WASTE_ID,
    number: 'LEK-WST000007',
    status: 'pending',
    reason: 'expired',
    note: null,
    productId: yoghurt.productId,
    variantId: VARIANT_ID,
    name: yoghurt.name,
    sku: yoghurt.sku,
    quantity: 3,
    unit: 'each',
    unitCostMinor: 220_000,
    valueMinor: 660_000,
    hasPhoto: false,
    recordedAt: '2026-03-07T17:00:00.000Z',
    recordedBy: PERSON,
    isTracked: true,
    onHand: 20,
    decidedAt: null,
    decidedBy: null,
    decisionNote: null,
    version: 1,
    canChangePhoto: true,
    ...overrides,
  };
}

const SEARCH = 'GET /api/v1/variants?q=yog&pageSize=20';

function renderForm(canApprove: boolean) {
  localStorage.setItem('store-id', LEKKI_ID);
  const onSaved = vi.fn();
  const utils = renderRoutes(
    [
      {
        path: '/',
        element: (
          <WasteForm
            storeId={LEKKI_ID}
            currency="NGN"
            thresholdMinor={500_000}
            canApprove={canApprove}
            onSaved={onSaved}
            onCancel={() => undefined}
          />
        ),
      },
    ],
    {},
  );
  return { ...utils, onSaved, user: userEvent.setup() };
}

async function pickYoghurt(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Product'), 'yog');
  await user.click(await screen.findByRole('option', { name: /Hollandia Yoghurt 1L/, hidden: true }));
  expect(screen.getByTestId('waste-product')).toHaveTextContent('20 on hand');
}

describe('<WasteForm>', () => {
  it('values the waste at cost and says it will wait for approval above the threshold; posts the contract’s body', async () => {
    const calls = stubApi({
      [SEARCH]: () => jsonResponse(variantsPage(yoghurt)),
      'POST /api/v1/waste': () => jsonResponse(wasteOf(), 201),
    });
    const { user, onSaved } = renderForm(false);
    await pickYoghurt(user);
    await user.type(screen.getByLabelText(/^Quantity/), '3');
    await user.selectOptions(screen.getByLabelText(/^Reason/), 'expired');
    const preview = screen.getByTestId('waste-preview');
    expect(preview).toHaveTextContent('Needs a manager’s approval');
    expect(preview).toHaveTextContent('₦6,600.00');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: WASTE_ID })));
    const post = calls.find((c) => c.key === 'POST /api/v1/waste')!;
    expect(post.body).toEqual({ id: expect.any(String), variantId: VARIANT_ID, quantity: 3, reason: 'expired' });
  });

  it('an approver’s waste is written off at once; whole units, the note for “Other” and the API’s field errors show in place', async () => {
    const calls = stubApi({
      [SEARCH]: () => jsonResponse(variantsPage(yoghurt)),
      'POST /api/v1/waste': () =>
        problemResponse(409, 'INSUFFICIENT_STOCK', 'Only 2 on hand', [
          { field: 'quantity', message: 'Only 2 on hand' },
        ]),
    });
    const { user, onSaved } = renderForm(true);
    await pickYoghurt(user);
    await user.type(screen.getByLabelText(/^Quantity/), '1.5');
    await user.selectOptions(screen.getByLabelText(/^Reason/), 'other');
    expect(screen.getByTestId('waste-preview')).toHaveTextContent('Written off when saved');
    await user.click(screen.getByRole('button', { name: 'Record waste' }));
    expect(await screen.findByText('Hollandia Yoghurt 1L is counted in whole units')).toBeInTheDocument();
    expect(screen.getByText('Say what happened', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/v1/waste')).toBe(false);

    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), '3');
    await user.type(screen.getByLabelText(/^Note/), 'Opened for tasting');
    await user.click(screen.getByRole('button', { name: 'Record waste' }));
    expect(await screen.findByText('Only 2 on hand')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('retries a record whose answer was lost under the same key and id; after a refusal the next is a new record', async () => {
    const calls = stubApi({
      [SEARCH]: () => jsonResponse(variantsPage(yoghurt)),
      'POST /api/v1/waste': [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () =>
          problemResponse(409, 'INSUFFICIENT_STOCK', 'Only 2 on hand', [
            { field: 'quantity', message: 'Only 2 on hand' },
          ]),
        () => jsonResponse(wasteOf(), 201),
      ],
    });
    const { user, onSaved } = renderForm(false);
    await pickYoghurt(user);
    await user.type(screen.getByLabelText(/^Quantity/), '3');
    await user.selectOptions(screen.getByLabelText(/^Reason/), 'expired');
    const send = screen.getByRole('button', { name: 'Send for approval' });
    const posts = () => calls.flatMap((c, i) => (c.key === 'POST /api/v1/waste' ? [i] : []));
    const keyOf = (call: number) =>
      new Headers((vi.mocked(fetch).mock.calls[call]![1] as RequestInit).headers).get('idempotency-key');
    const idOf = (call: number) => (calls[call]!.body as { id: string }).id;

    await user.click(send);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(send).not.toHaveAttribute('data-loading'));
    await user.click(send);
    expect(await screen.findByText('Only 2 on hand')).toBeInTheDocument();
    const [first, retry] = posts();
    expect(keyOf(retry!)).toBe(keyOf(first!));
    expect(idOf(retry!)).toBe(idOf(first!));

    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), '2');
    await user.click(send);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const last = posts()[2]!;
    expect(keyOf(last)).not.toBe(keyOf(retry!));
    expect(idOf(last)).not.toBe(idOf(retry!));
  });

  it('without inventory.costs (no cost in the search): no cost or value, only the approval rule', async () => {
    stubApi({ [SEARCH]: () => jsonResponse(variantsPage({ ...yoghurt, costPriceMinor: null })) });
    const { user } = renderForm(false);
    await pickYoghurt(user);
    await user.type(screen.getByLabelText(/^Quantity/), '3');
    expect(screen.getByTestId('waste-product')).not.toHaveTextContent('cost');
    expect(screen.getByTestId('waste-product')).not.toHaveTextContent('₦2,200.00');
    expect(screen.queryByTestId('waste-preview')).toBeNull();
    expect(screen.getByTestId('waste-rule')).toHaveTextContent('Waste worth more than ₦5,000.00 at cost waits');
    expect(screen.getByRole('button', { name: 'Record waste' })).toBeInTheDocument();
  });
});

const LIST = 'GET /api/v1/waste?page=1&pageSize=25';
const listOf = (items: WasteDetail[]) =>
  jsonResponse({
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
    totals: { count: items.length, recordedValueMinor: 120_000, pendingValueMinor: 660_000 },
    waitingCount: 1,
    thresholdMinor: 500_000,
  });

function renderList(canApprove: boolean, canSeeCosts = true) {
  localStorage.setItem('store-id', LEKKI_ID);
  const utils = renderRoutes(
    [
      {
        path: '/dashboard/waste',
        element: (
          <WasteList
            currency="NGN"
            timeZone="Africa/Lagos"
            canRecord
            canApprove={canApprove}
            canEditThreshold={canApprove}
            canSeeCosts={canSeeCosts}
          />
        ),
      },
    ],
    { initialEntries: ['/dashboard/waste'] },
  );
  return { ...utils, user: userEvent.setup() };
}

describe('<WasteList>', () => {
  const recorded = wasteOf({
    id: '0190a6a0-0000-7000-8000-00000000e002',
    number: 'LEK-WST000006',
    status: 'recorded',
    valueMinor: 120_000,
  });

  it('shows the waiting count, the totals at cost and the threshold; a manager approves inline', async () => {
    const calls = stubApi({
      [LIST]: [() => listOf([wasteOf(), recorded]), () => listOf([wasteOf({ status: 'recorded' }), recorded])],
      [`POST /api/v1/waste/${WASTE_ID}/approve`]: () => jsonResponse(wasteOf({ status: 'recorded' })),
    });
    const { user } = renderList(true);
    const rows = await screen.findAllByTestId('waste-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Waiting for approval (1)' })).toBeInTheDocument();
    expect(screen.getByTestId('totals-pending')).toHaveTextContent('₦6,600.00');
    expect(screen.getByTestId('totals-recorded')).toHaveTextContent('₦1,200.00');
    expect(screen.getByTestId('waste-threshold')).toHaveTextContent('₦5,000.00');
    expect(within(rows[1]!).queryByRole('button', { name: /Approve/ })).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Approve LEK-WST000007' }));
    await waitFor(() => expect(calls.filter((c) => c.key.endsWith('/approve'))).toHaveLength(1));
    // The list is asked again: the approved record no longer waits.
    await waitFor(() => expect(calls.filter((c) => c.key === LIST)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve LEK-WST000007' })).toBeNull());
  });

  it('IPOS_BASIC sees no Approve, Reject or threshold change; an empty store says how to start', async () => {
    stubApi({ [LIST]: () => listOf([wasteOf()]) });
    renderList(false);
    await screen.findAllByTestId('waste-row');
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(within(screen.getByTestId('waste-threshold')).queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('without inventory.costs: no value column and no totals at cost, only the count', async () => {
    stubApi({
      [LIST]: () =>
        jsonResponse({
          items: [wasteOf({ unitCostMinor: null, valueMinor: null })],
          total: 1,
          page: 1,
          pageSize: 25,
          totals: { count: 1, recordedValueMinor: null, pendingValueMinor: null },
          waitingCount: 1,
          thresholdMinor: 500_000,
        }),
    });
    renderList(false, false);
    await screen.findAllByTestId('waste-row');
    expect(screen.queryByRole('columnheader', { name: 'Value at cost' })).toBeNull();
    expect(screen.getByTestId('totals-count')).toHaveTextContent('1');
    expect(screen.queryByTestId('totals-recorded')).toBeNull();
    expect(screen.queryByTestId('totals-pending')).toBeNull();
  });

  it('an empty list offers to record waste', async () => {
    stubApi({ [LIST]: () => listOf([]) });
    renderList(false);
    expect(await screen.findByText('No waste recorded yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record waste' })).toBeInTheDocument();
  });
});

describe('<WasteView>', () => {
  const APPROVE = `POST /api/v1/waste/${WASTE_ID}/approve`;
  const approveKeys = () =>
    vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith('/approve'))
      .map(([, init]) => new Headers((init as RequestInit).headers).get('idempotency-key'));

  it('retries an approval with the same Idempotency-Key after a network failure (the server may have approved it)', async () => {
    localStorage.setItem('store-id', LEKKI_ID);
    stubApi({
      [`GET /api/v1/waste/${WASTE_ID}`]: () => jsonResponse(wasteOf()),
      [`GET /api/v1/waste/${WASTE_ID}/events`]: () => jsonResponse({ items: [] }),
      [APPROVE]: [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => problemResponse(502, 'HTTP_ERROR'),
        () => problemResponse(409, 'WASTE_NOT_PENDING', 'Already decided'),
        () => jsonResponse(wasteOf({ status: 'recorded' })),
      ],
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <WasteView wasteId={WASTE_ID} currency="NGN" timeZone="Africa/Lagos" permissions={['waste.approve']} />
          ),
        },
      ],
      {},
    );
    const user = userEvent.setup();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    for (let tries = 1; tries <= 4; tries += 1) {
      await user.click(approve);
      await waitFor(() => expect(approveKeys()).toHaveLength(tries));
      await waitFor(() => expect(approve).not.toHaveAttribute('data-loading'));
    }
    const [first, afterNetwork, after5xx, afterRefusal] = approveKeys();
    expect(afterNetwork).toBe(first);
    expect(after5xx).toBe(first);
    // A 4xx is a definite answer: nothing was written, the next try is a new attempt.
    expect(afterRefusal).not.toBe(first);
  });
});
