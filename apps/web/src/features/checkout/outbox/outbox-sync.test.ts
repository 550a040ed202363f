import { describe, expect, it } from 'vitest';
import { REPLAY_INTERVAL_MS } from './replayer';
import { retryDelayAfter } from './outbox-sync';

describe('the retry after a pass the server did not answer', () => {
  it('comes after 3 s, then twice as long each time, never later than the 30-s round', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayAfter)).toEqual([3_000, 6_000, 12_000, 24_000, 30_000, 30_000]);
    expect(REPLAY_INTERVAL_MS).toBe(30_000);
  });
});
