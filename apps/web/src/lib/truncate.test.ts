import { describe, expect, it } from 'vitest';
import { truncate } from './truncate';

describe('truncate', () => {
  it('gives an empty string for an empty value', () => {
    expect(truncate('', 5)).toBe('');
    expect(truncate(null, 5)).toBe('');
    expect(truncate(undefined, 5)).toBe('');
  });

  it('cuts longer text to the length and appends an ellipsis', () => {
    expect(truncate('Golden Penny Spaghetti 500g', 12)).toBe('Golden Penny...');
    expect(truncate('abcdef', 0)).toBe('...');
  });

  it('leaves text at or under the length unchanged', () => {
    expect(truncate('Rice', 4)).toBe('Rice');
    expect(truncate('Rice', 10)).toBe('Rice');
  });

  it('accepts numbers', () => {
    expect(truncate(1234567, 3)).toBe('123...');
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
  });

  it('returns the text unchanged when the length makes no sense', () => {
    expect(truncate('Rice', Number.NaN)).toBe('Rice');
    expect(truncate('Rice', -1)).toBe('Rice');
  });
});
