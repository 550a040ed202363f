/**
 * The app's one logger. Identity events are "only logged" (spec section 4): they go to the debug
 * level so a production console stays quiet unless someone turns verbose logging on.
 */
export const logger = {
  debug: (message: string, ...details: unknown[]) => console.debug(`[iPos] ${message}`, ...details),
  info: (message: string, ...details: unknown[]) => console.info(`[iPos] ${message}`, ...details),
  warn: (message: string, ...details: unknown[]) => console.warn(`[iPos] ${message}`, ...details),
  error: (message: string, ...details: unknown[]) => console.error(`[iPos] ${message}`, ...details),
};
