import type { DeviceDb } from '../../../lib/device-db';
import { normalise } from '../catalogue/catalogue-index';

/**
 * The register's short code in an offline reference: the initials of its name's words and its
 * numbers ("Till 1" → T1, "Front counter 2" → FC2), at most 12 characters; R when nothing is left.
 */
export function registerCode(registerName: string): string {
  // Accents off, as the catalogue's search compares names ("Caisse Été" → CE).
  const code = normalise(registerName)
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .map((word) => (/^[0-9]+$/.test(word) ? word : word[0]))
    .join('')
    .slice(0, 12);
  return code || 'R';
}

/** The store's alias as a reference starts with it: 2 to 5 capital letters (LEK). */
export function storeCode(alias: string): string {
  const letters = normalise(alias)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return (letters.length >= 2 ? letters : `${letters}XX`).slice(0, 5);
}

/** `LEK-T1`: what every offline reference of this store's register starts with. */
export const referencePrefix = (alias: string, registerName: string) =>
  `${storeCode(alias)}-${registerCode(registerName)}`;

const counterKey = (prefix: string) => `ipos.outbox.counter.${prefix}`;

function readCounter(prefix: string): number {
  try {
    return Number(localStorage.getItem(counterKey(prefix))) || 0;
  } catch {
    return 0;
  }
}

/**
 * The next offline reference of a register on this device (`LEK-T1-OFF-0017`): one more than both the
 * counter this device keeps for it and the highest the outbox still holds, so a cleared counter never
 * gives a reference twice while its sale waits. Call inside the outbox's write transaction.
 */
export async function nextOfflineReference(db: DeviceDb, prefix: string): Promise<string> {
  const start = `${prefix}-OFF-`;
  let highest = readCounter(prefix);
  await db.outbox.each((row) => {
    const ref = row.offlineReference;
    if (ref?.startsWith(start)) highest = Math.max(highest, Number(ref.slice(start.length)) || 0);
  });
  const next = highest + 1;
  try {
    localStorage.setItem(counterKey(prefix), String(next));
  } catch {
    // The outbox's own rows keep the count while the sales wait.
  }
  return `${start}${String(next).padStart(4, '0')}`;
}
