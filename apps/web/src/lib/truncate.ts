export const ELLIPSIS = '...';

/**
 * The text-truncation helper of spec section 5: an empty value gives an empty string; text longer
 * than `length` characters is cut to `length` with an ellipsis appended; anything else is unchanged.
 * Counts code points, so an emoji or other astral character is never split in half.
 */
export function truncate(value: string | number | null | undefined, length: number): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (!Number.isFinite(length) || length < 0) return text;
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return characters.slice(0, Math.floor(length)).join('') + ELLIPSIS;
}
