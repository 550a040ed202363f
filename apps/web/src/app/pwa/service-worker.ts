import { Workbox } from 'workbox-window';
import { logger } from '../../lib/logger';

/** The built app's service worker (pwa.config.ts): precache, offline start-up, update prompt. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Browsers look for a new worker on navigations; a register can stay on one page all day. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** A new version of the app that waits for the person (registerType 'prompt'). */
export class AppUpdate {
  private activate: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  /** A new version is installed and waiting; `activate` makes it take over and reloads the page. */
  setWaiting(activate: () => void): void {
    this.activate = activate;
    for (const listener of this.listeners) listener();
  }

  isWaiting = (): boolean => this.activate !== null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Only on the person's click (the notice checks that no sale is under way). */
  apply(): void {
    this.activate?.();
  }
}

export const appUpdate = new AppUpdate();

/** What this module uses of workbox-window's Workbox (tests hand in a stand-in). */
export type WorkboxLike = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting' | 'register'>;

export interface ServiceWorkerOptions {
  update?: AppUpdate;
  workbox?: WorkboxLike;
  reload?: () => void;
  checkEveryMs?: number;
  /**
   * Start-up reads the worker answers from its cache when offline (the runtime config, the provider's
   * discovery). This page read them before the first worker controlled it, so they are read again
   * through it once it does.
   */
  warmUrls?: readonly string[];
  fetchImpl?: (url: string) => Promise<unknown>;
}

/**
 * Registers the worker. A newer version found later waits (no skipWaiting): the update notice offers
 * to reload, and only then is the waiting worker told to take over; the page reloads once it controls
 * the page, so the new code and the new precache arrive together.
 */
export function registerServiceWorker({
  update = appUpdate,
  workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' }),
  reload = () => window.location.reload(),
  checkEveryMs = UPDATE_CHECK_INTERVAL_MS,
  warmUrls = [],
  fetchImpl = (url) => fetch(url, { cache: 'no-store' }),
}: ServiceWorkerOptions = {}): void {
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) return;
    for (const url of warmUrls) {
      fetchImpl(url).catch((error: unknown) => logger.debug(`pwa: ${url} could not be read`, error));
    }
  });
  workbox.addEventListener('waiting', () => {
    update.setWaiting(() => {
      workbox.addEventListener('controlling', () => reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox.register().then(
    (registration) => {
      if (!registration || checkEveryMs <= 0) return;
      setInterval(() => {
        registration.update().catch((error: unknown) => logger.debug('pwa: the update check failed', error));
      }, checkEveryMs);
    },
    (error: unknown) => logger.warn('pwa: the service worker could not be registered', error),
  );
}
