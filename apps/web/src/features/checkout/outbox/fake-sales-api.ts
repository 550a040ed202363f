import type { Sale } from '@ipos/contracts';
import { ApiError } from '../../../lib/api-client';
import type { SaleRequest, SendSale } from './outbox-answer';

/** How the fake server and network treat the next request. */
export type Weather =
  | 'up'
  /** No network: nothing reaches the server. */
  | 'offline'
  /** The server records the sale; its answer never arrives. */
  | 'lost'
  /** The request hangs until the client gives up. */
  | 'hang'
  /** A gateway answers 503 without reaching the server. */
  | 'unavailable'
  /** Nobody is signed in: 401. */
  | 'signed-out';

/**
 * A sale API for tests: sales by id, Idempotency-Keys with the body they came with (the same key
 * answers the first response; another body under it is refused), a second key for a recorded sale id
 * refused as SALE_EXISTS unless it brings the offline reference of a sale recorded without one, and
 * the network's weather per request.
 */
export class FakeSalesApi {
  readonly sales = new Map<string, { sale: Sale; storeId: string; body: SaleRequest['body'] }>();
  private readonly keys = new Map<string, { body: string; sale: Sale }>();
  /** The sale ids recorded, in the order they were recorded. */
  readonly commits: string[] = [];
  /** Every request that reached the server, in order. */
  readonly received: SaleRequest[] = [];
  weather: Weather = 'up';
  /** Sale ids refused as VALIDATION_FAILED (a refusal no retry fixes). */
  readonly refuse = new Set<string>();
  private numbers = 0;

  readonly send: SendSale = (request, signal) => {
    const weather = this.weather;
    if (weather === 'offline') return Promise.reject(networkError());
    if (weather === 'unavailable')
      return Promise.reject(new ApiError({ code: 'HTTP_ERROR', status: 503, message: 'Service Unavailable' }));
    if (weather === 'signed-out')
      return Promise.reject(new ApiError({ code: 'UNAUTHENTICATED', status: 401, message: 'Sign in again' }));
    if (weather === 'hang')
      return new Promise<Sale>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const answer = this.serve(request);
    if (weather === 'lost') return answer.then(() => Promise.reject(networkError()));
    return answer;
  };

  private async serve(request: SaleRequest): Promise<Sale> {
    this.received.push(request);
    const body = JSON.stringify(request.body);
    const known = this.keys.get(request.idempotencyKey);
    if (known) {
      if (known.body !== body)
        throw new ApiError({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422, message: 'Key reused' });
      return known.sale;
    }
    if (this.refuse.has(request.body.id))
      throw new ApiError({ code: 'VALIDATION_FAILED', status: 400, message: 'Some lines are not valid' });
    const existing = this.sales.get(request.body.id);
    if (existing) {
      // As the server does: a sale recorded online whose answer was lost takes the printed reference.
      const { offlineReference, sessionId } = request.body;
      if (!offlineReference || existing.sale.offlineReference !== null || existing.body.sessionId !== sessionId)
        throw new ApiError({ code: 'SALE_EXISTS', status: 409, message: 'A sale with this id exists' });
      existing.sale = { ...existing.sale, offlineReference };
      this.keys.set(request.idempotencyKey, { body, sale: existing.sale });
      return existing.sale;
    }
    this.numbers += 1;
    const sale = {
      id: request.body.id,
      number: `LEK-S${String(this.numbers).padStart(6, '0')}`,
      storeId: request.storeId,
      sessionId: request.body.sessionId,
      totalMinor: request.body.expectedTotalMinor,
      completedAt: request.body.soldAt ?? new Date().toISOString(),
      offlineReference: request.body.offlineReference ?? null,
    } as unknown as Sale;
    this.sales.set(request.body.id, { sale, storeId: request.storeId, body: request.body });
    this.commits.push(request.body.id);
    this.keys.set(request.idempotencyKey, { body, sale });
    return sale;
  }
}

const networkError = () =>
  new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'Could not reach the server', cause: new TypeError() });
