// Before anything loads Dexie: it takes the IndexedDB it finds when it loads (jsdom has none).
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Dexie } from 'dexie';
import { afterAll, afterEach, vi } from 'vitest';
import { toast } from '../components/toast';
import { stopDeviceReports } from '../features/checkout/outbox/device-report';
import { stopOutboxSync } from '../features/checkout/outbox/outbox-sync';
import { closeDeviceDb, DEVICE_DB_NAME, forgetPersistentStorageAnswer } from '../lib/device-db';

// The top progress bar (nprogress) finishes with timers that can fire after a test file's document
// is gone ("document is not defined"); nothing asserts on it, so it is a no-op in tests.
vi.mock('nprogress', () => ({
  default: { configure: vi.fn(), start: vi.fn(), done: vi.fn(), remove: vi.fn(), set: vi.fn(), inc: vi.fn() },
}));

// The suite runs on 2 shared cores: a modal's transition can take longer than the default 1 s to
// show what a find* query waits for. Waiting longer only costs time when a test is failing anyway.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

window.HTMLElement.prototype.scrollIntoView = vi.fn();
// React Router's scroll restoration scrolls on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
// jsdom does not implement pseudo-element styles; Mantine asks for them (its documented jsdom setup).
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(async () => {
  cleanup();
  // A register started the tab's background sync and reports: they end with the test, or their
  // timers would send from the next test's device store.
  stopOutboxSync();
  stopDeviceReports();
  localStorage.clear();
  document.title = '';
  // Each test starts on an empty device store (tickets, catalogue, outbox), and asks for persistent
  // storage again. Only a test that opened it waits for the deletion (IndexedDB stalls under fake timers).
  if (closeDeviceDb()) await Dexie.delete(DEVICE_DB_NAME);
  forgetPersistentStorageAnswer();
});

// Test files share their worker's modules and window (vitest.config.ts): what one file leaves behind
// in module or session state must not reach the next.
afterAll(async () => {
  toast.hide();
  sessionStorage.clear();
  vi.useRealTimers();
  await settleLazyModules();
  await settleTransitions();
});

/**
 * A Mantine transition that began as a test ended (a popover or modal closing as it unmounted) sets
 * its state from a timer after the transition's duration, 250 ms at most by default; fired once the
 * file's window is gone, React throws "window is not defined" into the run. So a file ends only once
 * such timers have fired.
 */
const TRANSITION_SETTLE_MS = 300;
const settleTransitions = () => new Promise((resolve) => setTimeout(resolve, TRANSITION_SETTLE_MS));

/**
 * A file whose test ends while a screen's `lazy()` import is still loading would leave that module
 * failed ("after the environment was torn down") in the worker's shared cache, and every later file
 * that draws it fails. So a file ends only once the modules the app loads lazily have loaded.
 */
async function settleLazyModules() {
  await Promise.all([
    import('../features/reports/components/report-charts'),
    import('../features/dashboard/components/store-charts'),
    import('../app/routes/not-found'),
  ]);
}
