/**
 * Text no record may hold: the NUL character (PostgreSQL's text type cannot store it) and a UTF-16
 * half without its other half (it has no UTF-8 form, so it would be stored as something else than
 * typed). Every request's text passes this one rule before its contract is checked.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this rule finds
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_TEXT.source, 'g');

/** What a person is told about such text. */
export const UNSAFE_TEXT_MESSAGE = 'Contains a character that cannot be stored (a NUL or a broken character)';

export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/**
 * The paths (e.g. `lines.2.note`) of the texts and object keys in `value` that break the rule, at most
 * `limit` of them, in document order; empty when all of it is safe. A bad key is named with its bad
 * characters replaced, so the answer naming it is clean text. The walk keeps its own stack: a body
 * nested thousands deep is walked without running out of call stack.
 */
export function unsafeTextPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  while (stack.length > 0 && found.length < limit) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (!isSafeText(item.value)) found.push(item.path);
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    const entries = Array.isArray(item.value) ? item.value.map((v, i) => [i, v] as const) : Object.entries(item.value);
    // Pushed in reverse so that they are visited in order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof key === 'string' && !isSafeText(key)) {
        stack.push({ value: '\u0000', path: join(item.path, key.replace(UNSAFE_CHARACTERS, '\ufffd')) });
        continue;
      }
      stack.push({ value: child, path: join(item.path, key) });
    }
  }
  return found;
}
