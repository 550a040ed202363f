import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readStored, storageKeys, writeStored } from '../../lib/storage';
import { DEFAULT_INACTIVITY_TIMEOUT_MS, InactivityTimer } from './inactivity-timer';

/** Where a timed-out session goes (spec section 2: /timeout, child enter-pin). */
export const TIMEOUT_PIN_PATH = '/timeout/enter-pin';

/** The PIN screen's address for a session that timed out on `path` (path + search). */
export function timeoutPinUrl(path: string): string {
  return `${TIMEOUT_PIN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/** Spec section 9: mouse, keyboard, scroll, touch and click count as activity. */
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

export interface InactivityWatcherProps {
  /** `inactivityTimeoutMs` of `/config.json` (spec section 9: 15 minutes by default). */
  timeoutMs?: number;
  /** Public and onboarding routes are exempt from the timeout (spec section 2). */
  isExemptPath: (pathname: string) => boolean;
}

/**
 * The inactivity timeout of spec sections 4 and 9. Renders nothing; mounted once in the root layout.
 * It runs only while a token exists and the route is not exempt; when the time passes it sets
 * `hasTimedOut` and sends the person to the PIN screen with the current path as `redirect`.
 */
export function InactivityWatcher({ timeoutMs = DEFAULT_INACTIVITY_TIMEOUT_MS, isExemptPath }: InactivityWatcherProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef({ path: location.pathname + location.search, pathname: location.pathname });
  const isExempt = useRef(isExemptPath);
  const timerRef = useRef<InactivityTimer | null>(null);

  useEffect(() => {
    current.current = { path: location.pathname + location.search, pathname: location.pathname };
    isExempt.current = isExemptPath;
    // After a timeout the timer stays stopped until the app has moved on (to the PIN screen).
    const timer = timerRef.current;
    if (timer && !timer.isRunning) {
      timer.rearm();
      timer.start();
    }
  }, [location.pathname, location.search, isExemptPath]);

  useEffect(() => {
    const isActive = () =>
      readStored(storageKeys.token) !== null &&
      readStored(storageKeys.hasTimedOut) !== 'true' &&
      !isExempt.current(current.current.pathname);

    const timeOut = () => {
      writeStored(storageKeys.hasTimedOut, 'true');
      void navigate(timeoutPinUrl(current.current.path));
    };

    const timer = new InactivityTimer({ timeoutMs, isActive, onExpire: timeOut });
    timerRef.current = timer;
    timer.start();

    const onActivity = () => timer.recordActivity();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') timer.recordActivity();
    };
    // Another tab of the app timed out: the session is locked here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.hasTimedOut || event.newValue !== 'true') return;
      if (readStored(storageKeys.token) === null || isExempt.current(current.current.pathname)) return;
      timer.stop();
      void navigate(timeoutPinUrl(current.current.path));
    };

    const listenerOptions: AddEventListenerOptions = { passive: true, capture: true };
    for (const name of activityEvents) window.addEventListener(name, onActivity, listenerOptions);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    return () => {
      timer.stop();
      timerRef.current = null;
      for (const name of activityEvents) window.removeEventListener(name, onActivity, listenerOptions);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onStorage);
    };
  }, [timeoutMs, navigate]);

  return null;
}
