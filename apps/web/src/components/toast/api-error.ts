import type { ErrorCode } from '@ipos/contracts';
import { isApiError, type ClientErrorCode } from '../../lib/api-client';
import { logger } from '../../lib/logger';
import { toast } from './toast-store';

/**
 * Plain words for each stable problem code (contracts `errorCodes`) and the client's own codes.
 * Field errors (VALIDATION_FAILED) belong beside their fields: forms show them; the toast only says
 * that something needs fixing.
 */
const plainWords: Partial<Record<ErrorCode | ClientErrorCode, string>> = {
  VALIDATION_FAILED: 'Some details need fixing; check the highlighted fields',
  MALFORMED_JSON: 'iPos could not read that request; reload the page and try again',
  MALFORMED_REQUEST: 'iPos could not read that request; reload the page and try again',
  IMAGE_INVALID: 'That file is not a whole image (it may be damaged or cut short); choose another',
  IDEMPOTENCY_KEY_REQUIRED: 'iPos could not read that request; reload the page and try again',
  STORE_REQUIRED: 'Choose a store first',
  UNAUTHENTICATED: 'Your session has ended; sign in again',
  INVALID_CREDENTIALS: 'That email and password do not match',
  INVALID_PIN: 'That PIN is not right',
  FORBIDDEN: 'Your role does not allow this',
  PASSWORD_CHANGE_REQUIRED: 'Replace your default password first',
  NOT_FOUND: 'That item no longer exists',
  EMAIL_TAKEN: 'An account already uses that email',
  VERSION_CONFLICT: 'Someone else changed this meanwhile; reload and try again',
  PIN_ALREADY_SET: 'You already have a PIN',
  PIN_NOT_SET: 'Create a PIN first',
  NO_DEFAULT_PASSWORD: 'Your password has already been replaced',
  TAX_RATE_NAME_TAKEN: 'A tax rate with that name already exists',
  TAX_RATE_IS_DEFAULT: 'The default tax rate cannot be deactivated; make another rate the default first',
  TAX_RATE_IN_USE: 'This tax rate is in use, so its rate cannot change; create a new rate instead',
  TAX_RATE_INACTIVE: 'Reactivate this tax rate first',
  SKU_TAKEN: 'Another product already has that SKU',
  BARCODE_TAKEN: 'Another product already has that barcode',
  PRODUCT_ARCHIVED: 'This product is archived; restore it first',
  INSUFFICIENT_STOCK: 'There is not enough stock in this store for that',
  PRODUCT_NOT_TRACKED: 'This product does not track stock',
  STOCK_COUNT_CLOSED: 'This count is already posted or cancelled; start a new count',
  TRANSFER_NOT_IN_TRANSIT: 'This transfer was already received or cancelled; reload it',
  SALE_EXISTS: 'This sale was already recorded; start a new sale',
  REFUND_EXISTS: 'This refund was already recorded; reload the sale',
  PRICE_CHANGED: 'Prices changed since the sale was rung up; check the new total and take payment again',
  PAYMENT_MISMATCH: 'The payments do not add up to the total',
  REGISTER_ALREADY_OPEN: 'That register is already open; close it first or use another register name',
  REGISTER_CLOSED: 'This register session is closed; open the register again',
  SALE_VOIDED: 'This sale was voided; there is nothing left to refund or void',
  SALE_HAS_REFUNDS: 'This sale has refunds, so it cannot be voided; refund the rest instead',
  REFUND_EXCEEDS_SALE: 'That is more than is left to refund on this sale',
  VOID_SESSION_CLOSED: 'A sale can only be voided while its register is still open; refund it instead',
  CONTACT_DUPLICATE: 'Someone already has that phone number or email; choose them, or create a new customer anyway',
  INVOICE_NOT_DRAFT: 'This invoice was already issued; only a draft can be changed or deleted',
  INVOICE_NOT_ISSUED: 'Only an issued invoice can do that; issue the draft first',
  INVOICE_NOT_PAYABLE: 'This invoice takes no payments: it is a draft, already paid or void',
  INVOICE_OVERPAYMENT: 'That is more than the invoice still owes; enter at most the balance',
  INVOICE_HAS_PAYMENTS: 'This invoice has payments, so it cannot be voided',
  INVOICE_PAYMENT_EXISTS: 'This payment was already recorded; reload the invoice',
  ALIAS_TAKEN: 'Another store of the business already uses that alias',
  ROLE_NAME_TAKEN: 'Another role of the business already has that name',
  ROLE_IS_SYSTEM: 'System roles cannot be changed or deleted; create a custom role instead',
  ROLE_IN_USE: 'People still hold this role; give them another role before deleting it',
  STAFF_EXISTS: 'This person is already on the staff; open their page to change their role or stores',
  LAST_ADMIN: 'The business needs an active administrator; make someone else an administrator first',
  STAFF_SELF_LOCKOUT: 'That would take away your own access; ask another administrator to do it',
  STAFF_IS_OWNER: 'The owner is the business’s administrator in every store; that cannot be changed here',
  PLAN_LIMIT_REACHED:
    'The business has reached a limit of its plan; an administrator can choose a larger plan in Settings → Plan',
  INVITATION_ACCEPTED: 'They already chose their own password; they can reset it from the sign-in page',
  INVITATION_PENDING: 'This person already has an invitation waiting; re-send or withdraw it instead',
  INVITATION_INVALID: 'This invitation was withdrawn, answered or has expired',
  STAFF_DEACTIVATED: 'Your access to this business was deactivated; ask its administrator',
  INVOICE_NO_EMAIL: 'The customer has no email address; enter one to send the invoice to',
  WASTE_EXISTS: 'This waste was already recorded; open the waste list to see it',
  WASTE_NOT_PENDING: 'Someone already approved or rejected this waste; reload it',
  WASTE_PHOTO_LOCKED: 'The photo can only be changed on the day the waste was recorded',
  PO_TRANSITION_FORBIDDEN: 'This purchase order can no longer do that; reload it to see where it stands',
  PO_NOTHING_RECEIVED: 'Nothing was received on this order yet; cancel it instead of closing it',
  PO_ALREADY_RECEIVING:
    'Goods were received on this order; it can no longer be changed or cancelled, close it short instead',
  PO_NOTHING_TO_RECALL: 'Everything received on this order has already gone back',
  PO_RECEIPT_EXISTS: 'This delivery was already received; reload the order',
  PO_RETURN_EXISTS: 'This return was already recorded; reload the order',
  RECEIVE_EXCEEDS_ORDER: 'That is more than is still expected on this order',
  RECALL_EXCEEDS_RECEIVED: 'That is more than was received and not yet returned',
  PO_VENDOR_NO_EMAIL: 'This vendor has no email address; enter one to send the order to',
  RESET_TOKEN_INVALID: 'This link has expired or was already used',
  EMAIL_CHANGE_INVALID: 'This email confirmation link has expired, was cancelled or was already used',
  SIGN_UP_LINK_INVALID: 'This sign-up link has expired or was already used; sign up again',
  PAYLOAD_TOO_LARGE: 'That is too much to send at once',
  URI_TOO_LONG: 'That request is too long; shorten the search or filters and try again',
  HEADERS_TOO_LARGE: 'iPos could not read that request; reload the page and try again',
  REQUEST_TIMEOUT: 'The connection was too slow; try again',
  UNSUPPORTED_MEDIA_TYPE: 'iPos could not read that request; reload the page and try again',
  IDEMPOTENCY_KEY_REUSED: 'That request was already sent with different details',
  IMPORT_INVALID: 'Some rows of the file need fixing; nothing was imported',
  PIN_LOCKED: 'Your PIN is locked after too many tries; sign in again',
  RATE_LIMITED: 'Too many attempts; wait a few minutes',
  BACKUP_IN_PROGRESS: 'A backup is being taken now; try again when it is done',
  BACKUP_NOT_OWNER: 'This installation also holds other owners’ businesses: whoever runs it takes the backups',
  BACKUPS_OFF: 'iPos takes no backups on this installation: whoever runs it backs it up',
  INTERNAL: 'Something went wrong on our side',
  NOT_READY: 'iPos is starting up; try again in a moment',
  DATABASE_UNAVAILABLE: 'Can’t reach the database; nothing was saved. Try again in a moment',
  NETWORK_ERROR: 'No connection to iPos; check the network and try again',
  INVALID_RESPONSE: 'iPos answered in a way this page does not understand; reload the page',
  HTTP_ERROR: 'Something went wrong on our side',
};

const fallback = 'Something went wrong; try again';

/** The sentence a person sees for a failed request (no toast); screens may reuse it inline. */
export function describeApiError(error: unknown): string {
  if (isApiError(error)) {
    let words = plainWords[error.code as ErrorCode | ClientErrorCode] ?? fallback;
    // The API words this one itself with the tries left ("…; 3 tries left"), which people need.
    if (error.code === 'INVALID_PIN' && /left/.test(error.message)) words = error.message;
    // A plan limit names which limit, the plan and the usage, and how to raise it: show it as sent.
    if (error.code === 'PLAN_LIMIT_REACHED' && error.message) words = error.message;
    // A server failure is traced by its request id: give it to the person so support can find it.
    if (error.status >= 500 && error.requestId) words += ` (request ${error.requestId})`;
    return words;
  }
  if (error instanceof TypeError) return plainWords.NETWORK_ERROR as string;
  return fallback;
}

/** Shows a failed request as an error toast in plain words. Returns the toast's id. */
export function showApiError(error: unknown, title?: string): string {
  // An aborted request is a navigation, not a failure.
  if (error instanceof DOMException && error.name === 'AbortError') return '';
  if (!isApiError(error)) logger.error('Unexpected error', error);
  // A plan limit is read, then acted on (Settings → Plan): it stays until closed.
  const lasting = isApiError(error) && error.code === 'PLAN_LIMIT_REACHED';
  return toast.show({ type: 'error', title, message: describeApiError(error), ...(lasting ? { duration: 0 } : {}) });
}
