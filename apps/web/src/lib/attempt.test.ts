import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { answerWasLost, Attempts } from './attempt';

const failure = (status: number, code = 'X') => new ApiError({ status, code, message: code });

describe('Attempts', () => {
  it('keeps the id and key for the same request after a lost answer: no response, a 5xx, an unknown failure', () => {
    const attempts = new Attempts();
    const first = attempts.for({ reason: 'Wrong item' });
    for (const lost of [failure(0, 'NETWORK_ERROR'), failure(500), failure(504), new TypeError('Failed to fetch')]) {
      attempts.failed(lost);
      expect(attempts.hasPending()).toBe(true);
      expect(attempts.for({ reason: 'Wrong item' })).toEqual(first);
    }
  });

  it('starts a new attempt after a definite answer: a 4xx refusal (422 key reused, 409 conflict) or success', () => {
    const attempts = new Attempts();
    const first = attempts.for({ a: 1 });
    attempts.failed(failure(422, 'IDEMPOTENCY_KEY_REUSED'));
    expect(attempts.hasPending()).toBe(false);
    const second = attempts.for({ a: 1 });
    expect(second.key).not.toBe(first.key);
    expect(second.id).not.toBe(first.id);
    attempts.failed(failure(409, 'VERSION_CONFLICT'));
    const third = attempts.for({ a: 1 });
    expect(third.key).not.toBe(second.key);
    attempts.succeeded();
    expect(attempts.for({ a: 1 }).key).not.toBe(third.key);
  });

  it('gives another request (an edited body, another record) a new attempt even while one waits for a retry', () => {
    const attempts = new Attempts();
    const first = attempts.for({ wasteId: 'a' });
    attempts.failed(failure(0, 'NETWORK_ERROR'));
    const other = attempts.for({ wasteId: 'b' });
    expect(other.key).not.toBe(first.key);
  });

  it('makes UUID v7 ids and keys', () => {
    const { id, key } = new Attempts().for(null);
    for (const value of [id, key]) expect(value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
  });
});

describe('answerWasLost', () => {
  it('is true without a response or on a 5xx, false on a 4xx', () => {
    expect(answerWasLost(failure(0))).toBe(true);
    expect(answerWasLost(failure(503))).toBe(true);
    expect(answerWasLost(failure(400))).toBe(false);
    expect(answerWasLost(failure(404))).toBe(false);
  });
});
