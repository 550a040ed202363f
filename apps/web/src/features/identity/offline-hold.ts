import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { isOnline } from '../../lib/online';
import { logger } from '../../lib/logger';
import { readStored, removeStored, storageKeys, writeStored } from '../../lib/storage';

/**
 * Holding a session offline (decision 0036). Access tokens live 10 minutes and renewing one needs
 * the identity provider; a till keeps selling through a longer outage. When a renewal gets no answer
 * (no network, the provider down), the session is held: the person stays in the app with the token
 * they have (the register works from the device), the inactivity lock and PIN still apply, and the
 * renewal is tried again when the network comes back and every so often. A renewal the provider
 * refuses (revoked, expired grant) ends the session as the spec says, held or not.
 */

/** How often a held session asks the provider again, whatever the network events say. */
export const HELD_RENEW_INTERVAL_MS = 30_000;
/** After the network comes back, the route to the provider may lag it: asked again this much later. */
export const HELD_RENEW_AFTER_ONLINE_MS = 3_000;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && chain.length < 5; e = e instanceof Error ? e.cause : undefined) chain.push(e);
  return chain;
}

/**
 * Whether a renewal failed for want of an answer rather than by the provider's refusal: the device
 * is offline, `fetch` could not connect (a TypeError), the token endpoint did not answer in time, or
 * a gateway said the provider is down (502, 503, 504). An answer from the provider (an OAuth error
 * such as `invalid_grant`, a bad token) is a refusal.
 */
export function isProviderUnreachable(error: unknown, online: boolean = isOnline()): boolean {
  const chain = causes(error);
  if (chain.some((e) => e instanceof ErrorResponse)) return false;
  if (!online) return true;
  return chain.some(
    (e) =>
      e instanceof TypeError ||
      (e instanceof ErrorTimeout && e.message === 'Network timed out') ||
      (e instanceof Error && /\((502|503|504)\)/.test(e.message)),
  );
}

/** The marker in storage that a session is held: a reload while offline holds it again. */
export function isSessionHeldStored(): boolean {
  return readStored(storageKeys.sessionHeldOffline) === 'true';
}

export type RenewOutcome = 'renewed' | 'unreachable' | 'refused';

/**
 * The held state and its retries. `renew` asks the provider once; the hold ends by itself when it
 * answers (renewed or refused), and `release` ends it from outside (a user loaded, a sign-out).
 */
export class OfflineHold {
  private held = false;
  private interval: ReturnType<typeof setInterval> | undefined;
  private lagTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly renew: () => Promise<RenewOutcome>,
    private readonly onRefused: () => void,
    /** Where the `online` event comes from: the window. */
    private readonly network: EventTarget | undefined = typeof window === 'undefined' ? undefined : window,
  ) {}

  get isHeld(): boolean {
    return this.held;
  }

  /** Holds the session (once), and starts asking the provider again. */
  hold(): void {
    if (this.held) return;
    logger.info('identity: the provider cannot be reached; the session is held until it can');
    this.held = true;
    writeStored(storageKeys.sessionHeldOffline, 'true');
    this.network?.addEventListener('online', this.onOnline);
    this.interval = setInterval(() => void this.retry(), HELD_RENEW_INTERVAL_MS);
    this.notify();
  }

  /** The session is renewed or over: no longer held. */
  release(): void {
    const wasHeld = this.held || isSessionHeldStored();
    this.held = false;
    removeStored(storageKeys.sessionHeldOffline);
    this.network?.removeEventListener('online', this.onOnline);
    if (this.interval) clearInterval(this.interval);
    if (this.lagTimer) clearTimeout(this.lagTimer);
    this.interval = undefined;
    this.lagTimer = undefined;
    if (wasHeld) this.notify();
  }

  /** Asks the provider now (one request at a time). */
  retry(): Promise<void> {
    if (!this.held) return Promise.resolve();
    this.inFlight ??= this.renew()
      .catch((): RenewOutcome => 'unreachable')
      .then((outcome) => {
        if (!this.held) return;
        if (outcome === 'renewed') this.release();
        else if (outcome === 'refused') {
          this.release();
          this.onRefused();
        }
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private readonly onOnline = () => {
    void this.retry();
    if (this.lagTimer) clearTimeout(this.lagTimer);
    this.lagTimer = setTimeout(() => void this.retry(), HELD_RENEW_AFTER_ONLINE_MS);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
