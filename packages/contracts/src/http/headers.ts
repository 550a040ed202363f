/** Header naming the active store on store-mode requests. */
export const STORE_HEADER = 'x-store-id';
/** Header carrying the key that makes a retried write replay its first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
