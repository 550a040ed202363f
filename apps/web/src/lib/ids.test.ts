import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('is a UUID v7 whose first 48 bits are the milliseconds', () => {
    const at = Date.UTC(2026, 10, 26, 12, 0, 0);
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('orders by time and differs within the same millisecond', () => {
    expect(newId(1_000) < newId(2_000)).toBe(true);
    expect(newId(5_000)).not.toBe(newId(5_000));
  });
});
