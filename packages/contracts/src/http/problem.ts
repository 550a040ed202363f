import { z } from 'zod';

/**
 * Stable error codes. The API answers every error as RFC 9457 problem+json with one of these in
 * `code`; the web maps them to plain words. Never rename a code: clients depend on it.
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  /** A request HTTP or the router cannot read: a broken request line or header, a URL with bad %-escapes. */
  MALFORMED_REQUEST: 400,
  /** An uploaded image that is not a whole image of its type (damaged, cut short, or only its first bytes). */
  IMAGE_INVALID: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  STORE_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_PIN: 401,
  FORBIDDEN: 403,
  STAFF_DEACTIVATED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  /** A backup holds every business of the installation: only an owner of all of them takes or downloads one. */
  BACKUP_NOT_OWNER: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  EMAIL_TAKEN: 409,
  VERSION_CONFLICT: 409,
  PIN_ALREADY_SET: 409,
  PIN_NOT_SET: 409,
  NO_DEFAULT_PASSWORD: 409,
  CATEGORY_NAME_TAKEN: 409,
  CATEGORY_TOO_DEEP: 409,
  CATEGORY_ORDER_STALE: 409,
  CATEGORY_PARENT_ARCHIVED: 409,
  TAX_RATE_NAME_TAKEN: 409,
  TAX_RATE_IS_DEFAULT: 409,
  TAX_RATE_IN_USE: 409,
  TAX_RATE_INACTIVE: 409,
  SKU_TAKEN: 409,
  BARCODE_TAKEN: 409,
  INSUFFICIENT_STOCK: 409,
  PRODUCT_ARCHIVED: 409,
  PRODUCT_NOT_TRACKED: 409,
  STOCK_COUNT_CLOSED: 409,
  TRANSFER_NOT_IN_TRANSIT: 409,
  PRICE_CHANGED: 409,
  PAYMENT_MISMATCH: 409,
  REGISTER_ALREADY_OPEN: 409,
  REGISTER_CLOSED: 409,
  SALE_EXISTS: 409,
  /** Another sale of the store already carries this offline reference. */
  OFFLINE_REFERENCE_TAKEN: 409,
  SALE_VOIDED: 409,
  SALE_HAS_REFUNDS: 409,
  REFUND_EXCEEDS_SALE: 409,
  REFUND_EXISTS: 409,
  VOID_SESSION_CLOSED: 409,
  CONTACT_DUPLICATE: 409,
  WASTE_EXISTS: 409,
  WASTE_NOT_PENDING: 409,
  WASTE_PHOTO_LOCKED: 409,
  PO_TRANSITION_FORBIDDEN: 409,
  PO_NOTHING_RECEIVED: 409,
  PO_ALREADY_RECEIVING: 409,
  PO_NOTHING_TO_RECALL: 409,
  PO_RECEIPT_EXISTS: 409,
  PO_RETURN_EXISTS: 409,
  RECEIVE_EXCEEDS_ORDER: 409,
  RECALL_EXCEEDS_RECEIVED: 409,
  INVOICE_NOT_DRAFT: 409,
  INVOICE_NOT_ISSUED: 409,
  INVOICE_NOT_PAYABLE: 409,
  INVOICE_OVERPAYMENT: 409,
  INVOICE_HAS_PAYMENTS: 409,
  INVOICE_PAYMENT_EXISTS: 409,
  ALIAS_TAKEN: 409,
  ROLE_NAME_TAKEN: 409,
  ROLE_IS_SYSTEM: 409,
  ROLE_IN_USE: 409,
  STAFF_EXISTS: 409,
  LAST_ADMIN: 409,
  STAFF_SELF_LOCKOUT: 409,
  STAFF_IS_OWNER: 409,
  INVITATION_ACCEPTED: 409,
  INVITATION_PENDING: 409,
  CURRENCY_LOCKED: 409,
  PLAN_LIMIT_REACHED: 409,
  /** iPos takes no backups here (PostgreSQL, or BACKUPS off): whoever runs the database backs it up. */
  BACKUPS_OFF: 409,
  RESET_TOKEN_INVALID: 410,
  INVITATION_INVALID: 410,
  EMAIL_CHANGE_INVALID: 410,
  SIGN_UP_LINK_INVALID: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  IMPORT_INVALID: 422,
  PO_VENDOR_NO_EMAIL: 422,
  INVOICE_NO_EMAIL: 422,
  PIN_LOCKED: 423,
  RATE_LIMITED: 429,
  /** A backup is being taken; try again when it is done (`Retry-After`). */
  BACKUP_IN_PROGRESS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  NOT_READY: 503,
  /** The database cannot be reached (down, restarting, refusing connections): retry after `Retry-After`. */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const fieldErrorSchema = z.object({
  /** Dotted path of the field: `lines.0.quantity`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
