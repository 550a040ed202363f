/**
 * Deterministic randomness for demo data and randomised tests: the same seed gives the same sequence
 * on every run and machine (never for anything secret: ids and keys come from lib/ids.ts).
 */

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((s, w) => s + w, 0);
    let r = next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  };
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  const hex8 = () => ((next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
  /**
   * A version-7 UUID for an instant, its random bits from the generator: the history's ids are the
   * same every run and, like the app's own ids, sort by time (so the inserts append to the indexes).
   */
  const uuid = (at: Date) => {
    const ms = at.getTime().toString(16).padStart(12, '0');
    const r = hex8() + hex8();
    const variant = (8 + (parseInt(r[3]!, 16) & 3)).toString(16);
    return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${r.slice(0, 3)}-${variant}${r.slice(4, 7)}-${r.slice(7, 16)}${hex8().slice(0, 3)}`;
  };
  return { next, int, pick, weighted, digits, uuid };
}
export type SeededRandom = ReturnType<typeof seededRandom>;
