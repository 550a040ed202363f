import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPaths } from './text.js';

describe('the shared text rule', () => {
  it('takes ordinary text in any script, emoji included', () => {
    for (const text of ['', 'Rice 50kg', 'Café crème', 'مرحبا', 'Ng’ombe', '🍚🥤', '\u{1F600}x', 'a\tb\nc'])
      expect(isSafeText(text)).toBe(true);
  });

  it('refuses the NUL character and UTF-16 halves without their pair', () => {
    for (const text of ['\u0000', 'Rice\u0000', '\ud800', 'a\ud83dz', '\ude00', 'x\udc00\ud800'])
      expect(isSafeText(text)).toBe(false);
  });

  it('names the path of every bad text or key, in order', () => {
    expect(unsafeTextPaths({ name: 'o\u0000k', lines: [{ note: 'fine' }, { note: 'bad\u0000' }] })).toEqual([
      'name',
      'lines.1.note',
    ]);
    expect(unsafeTextPaths({ ['k\u0000']: 1 })).toEqual(['k\ufffd']);
    expect(unsafeTextPaths('\ud800')).toEqual(['']);
    expect(unsafeTextPaths({ n: 1, ok: true, none: null, list: ['x'] })).toEqual([]);
  });

  it('stops at the limit and walks very deep values', () => {
    expect(
      unsafeTextPaths(
        Array.from({ length: 50 }, () => '\u0000'),
        3,
      ),
    ).toEqual(['0', '1', '2']);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
  });
});
