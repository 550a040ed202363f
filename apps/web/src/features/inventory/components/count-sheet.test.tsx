import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { renderInRouter } from '../../../test/render';
import { CountSheet, postSummary } from './count-sheet';
import { COUNT_ID, countLineOf, countOf, VARIANT_2_ID, VARIANT_ID } from './stock-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GET = `GET /api/v1/stock-counts/${COUNT_ID}`;
const SCAN = `POST /api/v1/stock-counts/${COUNT_ID}/scan`;
const LINES = `PUT /api/v1/stock-counts/${COUNT_ID}/lines`;
const POST = `POST /api/v1/stock-counts/${COUNT_ID}/post`;

const milk = (counted: number | null) =>
  countLineOf({
    counted,
    variance: counted === null ? null : counted - 3,
    varianceValueMinor: counted === null ? null : (counted - 3) * 150000,
  });
const rice = (counted: number | null) =>
  countLineOf({
    productId: '0190a6a0-0000-7000-8000-00000000a002',
    variantId: VARIANT_2_ID,
    name: 'Rice (loose)',
    sku: 'RICE-KG',
    barcode: null,
    unit: 'kg',
    costPriceMinor: 120000,
    expected: 12.5,
    counted,
    variance: counted === null ? null : counted - 12.5,
    varianceValueMinor: counted === null ? null : Math.round((counted - 12.5) * 120000),
  });

function renderSheet() {
  renderInRouter(<CountSheet countId={COUNT_ID} currency="NGN" canCount onBack={vi.fn()} />);
  return userEvent.setup();
}

const lineOf = (name: string) => screen.getAllByTestId('count-line').find((row) => row.textContent?.includes(name))!;

describe('<CountSheet>', () => {
  it('a scanned barcode adds one to its line, which flashes; focus stays in the scan box', async () => {
    const calls = stubApi({
      [GET]: () => jsonResponse(countOf([milk(null), rice(null)])),
      [SCAN]: () => jsonResponse(countOf([milk(1), rice(null)])),
    });
    const user = renderSheet();
    const scan = await screen.findByLabelText(/Scan or type a barcode/);
    await user.type(scan, '5012345678900{Enter}');
    await waitFor(() => expect(within(lineOf('Peak Milk')).getByTestId('variance')).toHaveTextContent('-2'));
    expect(calls.find((c) => c.key === SCAN)!.body).toEqual({ barcode: '5012345678900' });
    expect(lineOf('Peak Milk')).toHaveAttribute('data-flash', 'true');
    expect(screen.getByLabelText('Counted Peak Milk 400g')).toHaveValue('1');
    // −2 at ₦1,500.00 cost.
    expect(lineOf('Peak Milk')).toHaveTextContent('-₦3,000.00');
    expect(scan).toHaveValue('');
    expect(scan).toHaveFocus();
    expect(screen.getByText('Peak Milk 400g: 1 counted')).toBeInTheDocument();
  });

  it('an unknown code says so in place, keeps focus, and counts nothing', async () => {
    stubApi({
      [GET]: () => jsonResponse(countOf([milk(null)])),
      [SCAN]: () => problemResponse(404, 'NOT_FOUND', 'No product has the barcode 4006381333931'),
    });
    const user = renderSheet();
    const scan = await screen.findByLabelText(/Scan or type a barcode/);
    await user.type(scan, '4006381333931{Enter}');
    expect(await screen.findByText('No product has the barcode 4006381333931')).toBeInTheDocument();
    expect(scan).toHaveFocus();
    expect(within(lineOf('Peak Milk')).getByTestId('variance')).toHaveTextContent('—');
  });

  it('a bad check digit is refused before asking the server', async () => {
    const calls = stubApi({ [GET]: () => jsonResponse(countOf([milk(null)])) });
    const user = renderSheet();
    await user.type(await screen.findByLabelText(/Scan or type a barcode/), '5012345678901{Enter}');
    expect(await screen.findByText('The check digit is wrong: a valid code ends in 0')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual([GET]);
  });

  it('typed quantities are saved on blur and on Enter; weighed goods keep their decimals; variance comes back', async () => {
    const calls = stubApi({
      [GET]: () => jsonResponse(countOf([milk(null), rice(null)])),
      [LINES]: [
        () => jsonResponse(countOf([milk(null), rice(12.25)])),
        () => jsonResponse(countOf([milk(5), rice(12.25)])),
      ],
    });
    const user = renderSheet();
    await user.type(await screen.findByLabelText('Counted Rice (loose)'), '12.25');
    // Moving to the next line saves the first (blur); Enter saves the second.
    await user.type(screen.getByLabelText('Counted Peak Milk 400g'), '5{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.key === LINES)).toHaveLength(2));
    expect(calls.filter((c) => c.key === LINES).map((c) => c.body)).toEqual([
      { lines: [{ variantId: VARIANT_2_ID, counted: 12.25 }] },
      { lines: [{ variantId: VARIANT_ID, counted: 5 }] },
    ]);
    await waitFor(() => expect(within(lineOf('Rice')).getByTestId('variance')).toHaveTextContent('-0.25 kg'));
    expect(within(lineOf('Peak Milk')).getByTestId('variance')).toHaveTextContent('+2');
    // Surplus 2 × ₦1,500 = ₦3,000; shortage 0.25 kg × ₦1,200 = ₦300; net ₦2,700.
    expect(screen.getByTestId('total-surplus')).toHaveTextContent('₦3,000.00');
    expect(screen.getByTestId('total-shortage')).toHaveTextContent('₦300.00');
    expect(screen.getByTestId('total-net')).toHaveTextContent('₦2,700.00');
  });

  it('a fraction of a piece stays on its line and is not sent', async () => {
    const calls = stubApi({ [GET]: () => jsonResponse(countOf([milk(null)])) });
    const user = renderSheet();
    await user.type(await screen.findByLabelText('Counted Peak Milk 400g'), '2.5{Enter}');
    expect(await screen.findByText('Whole units only for goods sold by the piece')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual([GET]);
  });

  it('posting states how many lines change stock and that uncounted lines stay, then posts the version read', async () => {
    const posted = countOf([milk(1), rice(null)], {
      status: 'posted',
      postedAt: '2026-03-07T19:00:00.000Z',
      version: 3,
    });
    const calls = stubApi({
      [GET]: [() => jsonResponse(countOf([milk(1), rice(null)], { version: 2 })), () => jsonResponse(posted)],
      [POST]: () => jsonResponse(posted),
    });
    const user = renderSheet();
    await user.click(await screen.findByRole('button', { name: 'Post count' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('1 line will change stock to the counted quantity.')).toBeInTheDocument();
    expect(dialog.getByText(/1 line is not counted and will stay as it is/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Post count' }));
    await waitFor(() => expect(calls.find((c) => c.key === POST)?.body).toEqual({ version: 2 }));
    expect(await screen.findByText('Posted')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Scan or type a barcode/)).not.toBeInTheDocument();
  });

  it('without inventory.costs (no totals, no costs in the answer): quantities and variance only', async () => {
    const hidden = (line: ReturnType<typeof milk>) => ({ ...line, costPriceMinor: null, varianceValueMinor: null });
    stubApi({ [GET]: () => jsonResponse(countOf([hidden(milk(1)), hidden(rice(null))], { totals: null })) });
    const user = renderSheet();
    expect(await screen.findByLabelText('Counted Peak Milk 400g')).toHaveValue('1');
    expect(within(lineOf('Peak Milk')).getByTestId('variance')).toHaveTextContent('-2');
    expect(screen.queryByRole('columnheader', { name: 'Value at cost' })).toBeNull();
    expect(screen.queryByText(/at cost/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post count' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('A posted count cannot be changed.')).toBeInTheDocument();
    expect(dialog.queryByText(/Net value at cost/)).toBeNull();
  });

  it('a blind count shows no expected or variance column until it is posted, then shows both', async () => {
    const blindLine = (line: ReturnType<typeof milk>) => ({
      ...line,
      expected: null,
      variance: null,
      varianceValueMinor: null,
    });
    const open = countOf([blindLine(milk(1)), blindLine(rice(null))], { isBlind: true, totals: null, version: 2 });
    const posted = countOf([milk(1), rice(null)], {
      isBlind: true,
      status: 'posted',
      postedAt: '2026-03-07T19:00:00.000Z',
      version: 3,
    });
    stubApi({ [GET]: [() => jsonResponse(open), () => jsonResponse(posted)], [POST]: () => jsonResponse(posted) });
    const user = renderSheet();
    expect(await screen.findByLabelText('Counted Peak Milk 400g')).toHaveValue('1');
    expect(screen.getByText(/expected quantities and differences show once the count is posted/)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Expected' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Variance' })).toBeNull();
    expect(screen.queryByTestId('variance')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'With variance' })).toBeNull();
    // Nothing on the page gives the shelf figure away: Rice's 12.5 kg is not shown.
    expect(screen.queryByText(/12\.5/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post count' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Stock of the 1 counted line becomes what was counted/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Post count' }));
    expect(await screen.findByRole('columnheader', { name: 'Expected' })).toBeInTheDocument();
    expect(within(lineOf('Peak Milk')).getByTestId('variance')).toHaveTextContent('-2');
  });

  it('postSummary counts only counted lines that differ', () => {
    expect(postSummary(countOf([milk(3), rice(null), milk(4)]))).toEqual({ changing: 1, uncounted: 1 });
  });
});
