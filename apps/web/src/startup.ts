/** Spec section 1/8: logged, with the stack, when start-up fails; nothing is mounted then. */
export const STARTUP_FAILED = 'Startup was not okay';

/** Spec section 1: tracked once the app is mounted. */
export const APP_INITIALIZED = 'App Initialized';

export interface StartupSteps<T> {
  /**
   * The identity-provider startup check (runtime config, auth setup, provider discovery). Resolves
   * to what mounting needs, or to `false` when the check did not pass.
   */
  check: () => Promise<T | false>;
  /** Creates and mounts the app. */
  mount: (checked: T) => void;
  /** Runs after mounting: analytics (initialised only when configured) and 'App Initialized'. */
  afterMount: (checked: T) => void;
  log?: (message: string, details: unknown) => void;
}

function stackOf(error: unknown): unknown {
  return error instanceof Error ? (error.stack ?? error.message) : error;
}

/**
 * The start-up sequence of spec section 1: the identity-provider check first; if it fails or throws
 * nothing is mounted and 'Startup was not okay' is logged with the stack; else the app is created,
 * mounted, and 'App Initialized' tracked. Resolves to whether the app was mounted.
 */
export async function runStartup<T>({
  check,
  mount,
  afterMount,
  log = (message, details) => console.error(message, details),
}: StartupSteps<T>): Promise<boolean> {
  let checked: T | false;
  try {
    checked = await check();
    if (checked === false) throw new Error('The identity provider startup check did not pass');
  } catch (error) {
    log(STARTUP_FAILED, stackOf(error));
    return false;
  }
  try {
    mount(checked);
  } catch (error) {
    log(STARTUP_FAILED, stackOf(error));
    return false;
  }
  afterMount(checked);
  return true;
}

export interface SessionSignals {
  /** Someone's session is kept on this device (valid, expired or held offline). */
  isSignedIn: () => boolean;
  /** Subscribes to a session being loaded (a sign-in or a renewal); returns the unsubscribe. */
  onSignedIn: (listener: () => void) => () => void;
}

/**
 * Runs `start` once someone is signed in: at once when a session is kept, else at the first sign-in.
 * For work that needs a session (sending the device's sales), so a signed-out first screen does not
 * download it.
 */
export function startWhenSignedIn(start: () => void, { isSignedIn, onSignedIn }: SessionSignals): void {
  if (isSignedIn()) {
    start();
    return;
  }
  const stop = onSignedIn(() => {
    stop();
    start();
  });
}
