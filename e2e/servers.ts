/** Ports of the e2e run: the app as `npm start` runs it, the same app with a short inactivity timeout, and SMTP. */
export const mainPort = Number(process.env.IPOS_E2E_PORT ?? 3100);
export const shortTimeoutPort = mainPort + 1;
/** The screens journey's server (read-only, beside the main journeys); mainPort + 2 is offline-outage's own. */
export const screensPort = mainPort + 3;
/** The till journeys' server (selling, offline, the register), beside the back-office journeys on the main one. */
export const tillPort = mainPort + 4;
/** The shell journeys' server (signing in, routes, guards, modes, settings). */
export const shellPort = mainPort + 5;
export const smtpPort = mainPort + 25;
/** INACTIVITY_TIMEOUT_MS of the short-timeout server, for the timed-out journeys (`*.timeout.spec.ts`). */
export const shortInactivityTimeoutMs = 6000;
