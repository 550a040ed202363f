import { describe, expect, it } from 'vitest';
import { formatQuantity } from './quantity';

describe('formatQuantity', () => {
  it('shows up to 3 decimals, grouped, with the unit of weighed and measured goods', () => {
    expect(formatQuantity(1250)).toBe('1,250');
    expect(formatQuantity(1.25, 'kg')).toBe('1.25 kg');
    expect(formatQuantity(0.005, 'l')).toBe('0.005 l');
    expect(formatQuantity(-3, 'each')).toBe('-3');
    expect(formatQuantity(2, 'pack')).toBe('2 pk');
  });
});
