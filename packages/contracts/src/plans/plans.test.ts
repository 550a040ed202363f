import { describe, expect, it } from 'vitest';
import { limitsExceeded, planOf, planPrice, planResources, plans } from './plans.js';

describe('plans', () => {
  it('lists Free, Growth and Business, smallest first, each limit growing from one to the next', () => {
    expect(plans.map((p) => p.id)).toEqual(['free', 'growth', 'business']);
    for (let i = 1; i < plans.length; i++)
      for (const r of planResources) expect(plans[i]!.limits[r]).toBeGreaterThan(plans[i - 1]!.limits[r]);
  });

  it('prices a plan in the business’s currency where the list has it, else in USD', () => {
    const growth = planOf('growth');
    expect(planPrice(growth, 'NGN')).toEqual({ currency: 'NGN', amountMinor: 1_500_000 });
    expect(planPrice(growth, 'KSD')).toEqual({ currency: 'KSD', amountMinor: 150_000 });
    expect(planPrice(growth, 'TZS')).toEqual({ currency: 'TZS', amountMinor: 2_500_000 });
    expect(planPrice(growth, 'EUR')).toEqual({ currency: 'USD', amountMinor: 1_000 });
    expect(planPrice(planOf('free'), 'GBP')).toEqual({ currency: 'USD', amountMinor: 0 });
  });

  it('names the limits a usage is over, none when it fits exactly', () => {
    const free = planOf('free');
    expect(limitsExceeded(free, { ...free.limits })).toEqual([]);
    expect(limitsExceeded(free, { stores: 2, staff: 3, products: 251, salesPerMonth: 0 })).toEqual([
      'stores',
      'products',
    ]);
  });
});
