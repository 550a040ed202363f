/**
 * Date ranges of the transactions list, as the API takes them: first and last day (YYYY-MM-DD,
 * inclusive) in the store's time zone. "Today" is the store's today, not the browser's: a head office
 * in another zone still sees the shop's day.
 */
export const periods = ['today', 'yesterday', 'last7', 'thisMonth', 'lastMonth'] as const;
export type Period = (typeof periods)[number];

export const periodLabels: Record<Period, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

export interface DayRange {
  from: string;
  to: string;
}

import { addDays } from '@ipos/contracts';

export function periodRange(period: Period, today: string): DayRange {
  const first = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: first, to: today };
    case 'lastMonth': {
      const last = addDays(first, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
  }
}
