/**
 * What the "Update ready" notice shows (decision 0036): nothing until a new version is waiting;
 * then a Reload action, except while a sale is under way, when it says the update waits for the
 * sale. The page reloads only on the person's click.
 */
export type UpdateNoticeState = 'hidden' | 'ready' | 'after-sale';

export function updateNoticeState({
  isWaiting,
  isSaleInProgress,
}: {
  isWaiting: boolean;
  isSaleInProgress: boolean;
}): UpdateNoticeState {
  if (!isWaiting) return 'hidden';
  return isSaleInProgress ? 'after-sale' : 'ready';
}

/**
 * Whether this page registers the service worker: only the built app (the dev server serves
 * modules the worker must not cache), only where browsers have service workers, and never in the
 * popup or hidden frame that hands a sign-in answer back to its opener.
 */
export function shouldRegisterServiceWorker({
  isProduction,
  hasServiceWorker,
  isCallbackWindow,
}: {
  isProduction: boolean;
  hasServiceWorker: boolean;
  isCallbackWindow: boolean;
}): boolean {
  return isProduction && hasServiceWorker && !isCallbackWindow;
}
