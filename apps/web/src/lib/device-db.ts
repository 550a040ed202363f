import { Dexie, type Table } from 'dexie';
import type { CreateSaleBody, Receipt, RegisterSellable, Sale } from '@ipos/contracts';

/**
 * The device store (decision 0036): one IndexedDB database per origin, `ipos-device`, that outlives
 * the page — a reload, a crash, a power cut, a sign-out. This module is the only one that names its
 * tables; features reach them through small modules of their own.
 *
 * The schema below is declared whole, with every key and index the register needs, so later work
 * adds fields to rows (not indexed) without a new schema version. A new index is a new
 * `this.version(n + 1)`, never an edit of version 1.
 */
export const DEVICE_DB_NAME = 'ipos-device';

/**
 * A ticket: the register's cart in progress. One per person, store and register session, so another
 * person signing in on the same device never sees it. A row exists only while the cart holds
 * something: an emptied, held or completed cart deletes it.
 */
export interface TicketRow {
  accountId: string;
  storeId: string;
  sessionId: string;
  /**
   * The cart as the checkout feature shapes it; only that feature reads it back (and checks its
   * shape, since a newer app version may read a ticket an older one saved).
   */
  cart: unknown;
  /** When it was last saved (ISO 8601). */
  savedAt: string;
}

/** One sellable variant of a store's catalogue, as the register searches, scans and prices it. */
export interface SellableRow extends RegisterSellable {
  storeId: string;
  /** Every barcode of the variant, the first one first (`barcode` is that first one). */
  barcodes: string[];
  /** Its product's category (the tiles); null: none. */
  categoryId: string | null;
  /** Archived since the download: kept so a delta can say so, never offered for sale. */
  isArchived: boolean;
}

/** A chunk's rows, column by column: `columns.name[i]` is row i's name. */
export type SellableColumns = { [K in Exclude<keyof SellableRow, 'storeId' | 'barcodes'>]: SellableRow[K][] };

/**
 * A store's catalogue as kept: a fixed number of chunks per store (a variant's chunk comes from its
 * id), each holding its rows column by column, with what the register's index needs ready made. A
 * cold read is a few dozen records, not one per item.
 */
export interface SellableChunkRow {
  storeId: string;
  chunk: number;
  columns: SellableColumns;
  /** Each row's barcodes joined by new lines. */
  barcodes: string[];
  /** Each row's name and SKU as the search compares them (normalised). */
  searchNames: string[];
  searchSkus: string[];
  /**
   * Each row's place in name order when the catalogue was last indexed whole, so a cold start need
   * not sort 100,000 names; -1 for a row renamed or added since (sorted in on reading).
   */
  ranks: number[];
}

/** Per store: where the catalogue's last delta ended, so the next one asks only for what changed. */
export interface CatalogueRow {
  storeId: string;
  /** The server's opaque cursor; null before the first full download has finished. */
  cursor: string | null;
  /**
   * When the last delta (or the download) started (ISO 8601): what this device sold and synced
   * since is not yet in the on hand it holds.
   */
  readAt: string;
}

/** Where a queued sale stands: waiting to be sent, refused in a way a retry cannot fix, or recorded. */
export type OutboxState = 'pending' | 'needs-attention' | 'synced';

/**
 * A sale on its way to the server. Written before anything is sent or printed; never deleted by
 * sign-out, a failed sign-in, a timeout or an update (a synced row is kept until its day's end for
 * the reprint).
 */
export interface OutboxRow {
  /** The sale's id (UUID v7), the same on every attempt. */
  saleId: string;
  /** The device's order of sales: the queue replays in this order. */
  sequence: number;
  businessId: string;
  storeId: string;
  sessionId: string;
  cashierId: string;
  idempotencyKey: string;
  /** When the sale was made on the till (ISO 8601). */
  soldAt: string;
  /** The exact request body, sent as is on every attempt. */
  body: CreateSaleBody;
  /** Per device and register, e.g. `LEK-T1-OFF-0017`; null for a sale the server answered at once. */
  offlineReference: string | null;
  state: OutboxState;
  /** The server's last answer, or why nothing came back. */
  lastAnswer: { status: number; code?: string; message?: string; at: string } | null;
  /**
   * The store's alias and the register's short code (`LEK-T1`): the offline reference's start, given
   * when the sale completes without the server.
   */
  referencePrefix?: string;
  /**
   * A sale that went offline after its first, online attempt got no answer: that attempt's body and
   * key. The server may have recorded it; if the offline body is then refused as an existing sale,
   * the first attempt is sent again and answered from its key.
   */
  firstAttempt?: { body: CreateSaleBody; idempotencyKey: string } | null;
  /** The receipt as the device printed it (a sale completed offline), until the server's sale replaces it. */
  receipt?: Receipt | null;
  /** The server's sale once recorded (its final number). */
  sale?: Sale | null;
  /** Needs attention, and the person chose to keep it for later: still listed, no longer counted as new. */
  keptForLater?: boolean;
}

/**
 * What lets the device check a person's PIN without the server (a PIN lock while offline): a
 * PBKDF2-SHA-256 hash of the PIN with a random salt of this device, made after the server verified
 * or set that PIN. The PIN itself is never stored. Deleted on sign-out, a PIN change or reset, and
 * when the server says the PIN is locked or not set.
 */
export interface PinVerifierRow {
  accountId: string;
  /** Base64 of the random salt and of the derived bits. */
  salt: string;
  hash: string;
  iterations: number;
  /** Wrong PINs typed offline since the last right one; the fifth locks the PIN. */
  failures: number;
  locked: boolean;
  /** When the server last verified or set this PIN (ISO 8601). */
  savedAt: string;
}

export class DeviceDb extends Dexie {
  tickets!: Table<TicketRow, [string, string, string]>;
  sellableChunks!: Table<SellableChunkRow, [string, number]>;
  catalogues!: Table<CatalogueRow, string>;
  outbox!: Table<OutboxRow, string>;
  pinVerifiers!: Table<PinVerifierRow, string>;

  constructor() {
    super(DEVICE_DB_NAME);
    this.version(1).stores({
      // By person (the sign-out question) and by register session (closing it forgets its tickets).
      tickets: '[accountId+storeId+sessionId], accountId, sessionId',
      // A store's whole catalogue, and its exact lookups: a scanned barcode, a typed SKU.
      sellables: '[storeId+variantId], storeId, [storeId+barcode], [storeId+sku]',
      catalogues: 'storeId',
      // In device order; the waiting or refused ones; a register session's (its summary, its closing).
      outbox: 'saleId, &sequence, state, sessionId, [storeId+state]',
    });
    // The catalogue is searched and scanned in memory (read whole by its key): its secondary
    // indexes only slowed the writes of a 100,000-item download, several times over.
    this.version(2).stores({ sellables: '[storeId+variantId]' });
    // A PIN lock can be opened offline (one verifier per person on this device).
    this.version(3).stores({ pinVerifiers: 'accountId' });
    // The catalogue in chunks (a row per item took 2 s to read back at 100,000 items). The old rows
    // go, and so do the cursors: every store's catalogue downloads again (tickets and outbox stay).
    this.version(4)
      .stores({ sellables: null, sellableChunks: '[storeId+chunk]' })
      .upgrade((tx) => tx.table('catalogues').clear());
  }
}

let db: DeviceDb | null = null;

/** The device store, opened on first use. */
export function deviceDb(): DeviceDb {
  db ??= new DeviceDb();
  return db;
}

/**
 * Closes the device store; the next `deviceDb()` opens it again (tests start each case on an empty
 * one). Says whether it was open.
 */
export function closeDeviceDb(): boolean {
  const wasOpen = db !== null;
  db?.close();
  db = null;
  return wasOpen;
}

/**
 * Whether this person has a sale in progress on this device (a saved ticket in any store or
 * register): signing out asks first. Unknown (the store cannot be read) counts as none.
 */
export async function hasTicketInProgress(accountId: string): Promise<boolean> {
  try {
    return (await deviceDb().tickets.where('accountId').equals(accountId).count()) > 0;
  } catch {
    return false;
  }
}

let persisted: Promise<boolean | null> | null = null;

/**
 * Asks the browser, once per page, to keep the device store when it runs short of space (the queued
 * sales live there). True: granted; false: refused, so the browser may clear it; null: the browser
 * has no such request.
 */
export function requestPersistentStorage(): Promise<boolean | null> {
  persisted ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (typeof storage?.persist !== 'function') return null;
    try {
      return await storage.persist();
    } catch {
      return null;
    }
  })();
  return persisted;
}

/** Forgets the answer to `requestPersistentStorage` (tests ask again with another browser stub). */
export function forgetPersistentStorageAnswer(): void {
  persisted = null;
}
