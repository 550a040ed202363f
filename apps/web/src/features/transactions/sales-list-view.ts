import { type PaymentMethod, paymentMethods, type SaleState, saleStates } from '@ipos/contracts';
import type { SalesFilter } from './api/transactions';
import { periodRange, periods, type Period } from './periods';

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** What the URL says, for the screen: a period or custom days, and the other filters. */
export interface ListView {
  period: Period | 'custom';
  from: string;
  to: string;
  cashierId?: string;
  method?: PaymentMethod;
  state?: SaleState;
  customerId?: string;
  number?: string;
}

/**
 * The list's filters live in the URL (shareable, back/forward). No period means today: the day's
 * takings are what the list opens on, the same figure as the dashboard and the till's close.
 */
export function readListView(params: URLSearchParams, today: string): ListView {
  const from = params.get('from');
  const to = params.get('to');
  const custom = isDay(from) && isDay(to) && from <= to;
  const period = pick(params.get('period'), periods) ?? 'today';
  const range = custom ? { from, to } : periodRange(period, today);
  return {
    period: custom ? 'custom' : period,
    ...range,
    cashierId: params.get('cashier') || undefined,
    method: pick(params.get('method'), paymentMethods),
    state: pick(params.get('state'), saleStates),
    customerId: params.get('customer') || undefined,
    number: params.get('number')?.trim() || undefined,
  };
}

/** The API's query: a sale number is looked up over every date (a receipt may be weeks old). */
export function toSalesFilter(view: ListView): SalesFilter {
  return {
    ...(view.number ? { number: view.number } : { from: view.from, to: view.to }),
    cashierId: view.cashierId,
    method: view.method,
    state: view.state,
    customerId: view.customerId,
  };
}
