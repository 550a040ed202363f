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

describe("Attempts with an idField (a body that carries its attempt's own id)", () => {
  const refund = (id: string, quantity: number) => ({ id, lines: [{ lineNo: 1, quantity }], reason: 'Broken' });

  it("writes the body with the next attempt's id, and a retry after a lost answer keeps the key and id", () => {
    const attempts = new Attempts({ idField: 'id' });
    const id = attempts.nextId();
    expect(attempts.nextId()).toBe(id);
    const first = attempts.for(refund(id, 2));
    expect(first.id).toBe(id);
    attempts.failed(failure(0, 'NETWORK_ERROR'));
    expect(attempts.nextId()).toBe(id);
    expect(attempts.for(refund(attempts.nextId(), 2))).toEqual(first);
    attempts.failed(new TypeError('Failed to fetch'));
    expect(attempts.for(refund(id, 2))).toEqual(first);
  });

  it("gives a changed body a new key and id, even when it is written with the pending attempt's id", () => {
    const attempts = new Attempts({ idField: 'id' });
    const first = attempts.for(refund(attempts.nextId(), 2));
    attempts.failed(failure(503));
    const changed = attempts.for(refund(attempts.nextId(), 1));
    expect(changed.key).not.toBe(first.key);
    expect(changed.id).not.toBe(first.id);
  });

  it('starts a new attempt after a 4xx (the same body too) and after success', () => {
    const attempts = new Attempts({ idField: 'id' });
    const first = attempts.for(refund(attempts.nextId(), 2));
    attempts.failed(failure(409, 'REFUND_EXCEEDS_SALE'));
    const nextId = attempts.nextId();
    expect(nextId).not.toBe(first.id);
    const second = attempts.for(refund(nextId, 2));
    expect(second).not.toEqual(first);
    expect(second.id).toBe(nextId);
    expect(second.key).not.toBe(first.key);
    attempts.succeeded();
    expect(attempts.for(refund(second.id, 2)).key).not.toBe(second.key);
  });

  it('compares every other field: without idField the id is part of the request', () => {
    const plain = new Attempts();
    const first = plain.for(refund('a', 2));
    plain.failed(failure(0, 'NETWORK_ERROR'));
    expect(plain.for(refund('b', 2)).key).not.toBe(first.key);
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
