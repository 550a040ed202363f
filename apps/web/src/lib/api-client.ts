import type { z } from 'zod';
import {
  buildPath,
  IDEMPOTENCY_HEADER,
  problemSchema,
  STORE_HEADER,
  type Endpoint,
  type FieldError,
  type Problem,
} from '@ipos/contracts';
import { newId } from './ids';
import { readStored, storageKeys } from './storage';

/**
 * Codes the client adds to the API's own (`errorCodes` in the contracts) for failures that never
 * produced a problem document.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'HTTP_ERROR';

/** Every failed request ends as one of these, whatever went wrong. */
export class ApiError extends Error {
  readonly code: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** The problem document, extensions included. */
  readonly problem: (Problem & Record<string, unknown>) | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    code: string;
    status: number;
    message: string;
    fieldErrors?: FieldError[];
    problem?: Problem & Record<string, unknown>;
    requestId?: string;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? [];
    this.problem = init.problem;
    this.requestId = init.requestId;
  }

  /** Field errors keyed by field path, for forms (`lines.0.quantity` → message). */
  fieldErrorMap(): Record<string, string> {
    return Object.fromEntries(this.fieldErrors.map((e) => [e.field, e.message]));
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type InputOf<T> = [NonNullable<T>] extends [z.ZodType] ? z.input<NonNullable<T>> : never;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface RequestOptions<E extends Endpoint> {
  params?: InputOf<E['params']>;
  query?: InputOf<E['query']>;
  body?: InputOf<E['body']>;
  /** The raw body of an endpoint that takes a file (`rawBody` in its contract): an image, a CSV. */
  file?: Blob;
  /** Sent as the Idempotency-Key header; generated when the endpoint requires one and none is given. */
  idempotencyKey?: string;
  /**
   * The store the request is for (the `x-store-id` header), when it is not the active one: a queued
   * sale replays to the store that sold it, whatever store is active by then. Default: the stored
   * `store-id`.
   */
  storeId?: string;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Origin the API lives at; the SPA and the API share one origin, so the default is ''. */
  baseUrl?: string;
  getToken?: () => string | null;
  getStoreId?: () => string | null;
}

function toSearch(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query as Record<string, QueryValue>)) {
    if (raw === undefined || raw === null) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const problem = problemSchema.safeParse(body);
  if (problem.success) {
    return new ApiError({
      code: problem.data.code,
      status: response.status,
      message: problem.data.detail ?? problem.data.title,
      fieldErrors: problem.data.errors ?? [],
      // With its extensions (`conflict`, `priceChanged`, `shortages`…), which the schema does not list.
      problem: { ...(body as Record<string, unknown>), ...problem.data },
      requestId: problem.data.requestId ?? requestId,
    });
  }
  return new ApiError({
    code: 'HTTP_ERROR' satisfies ClientErrorCode,
    status: response.status,
    message: `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    requestId,
  });
}

/**
 * Builds the typed request function. Paths, methods and response shapes all come from the endpoint
 * descriptors in `@ipos/contracts`: nothing about the API is written twice.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const getToken = options.getToken ?? (() => readStored(storageKeys.token));
  const getStoreId = options.getStoreId ?? (() => readStored(storageKeys.storeId));

  async function send<E extends Endpoint>(endpoint: E, request: RequestOptions<E>, accept: string) {
    const url = `${baseUrl}${buildPath(endpoint.path, (request.params ?? {}) as Record<string, string | number>)}${toSearch(request.query)}`;
    const headers = new Headers({ accept });
    const token = getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    const storeId = request.storeId ?? getStoreId();
    if (storeId) headers.set(STORE_HEADER, storeId);
    if (endpoint.idempotent) headers.set(IDEMPOTENCY_HEADER, request.idempotencyKey ?? newId());
    let body: string | Blob | undefined;
    if (request.file !== undefined) {
      headers.set('content-type', request.file.type || endpoint.rawBody?.contentTypes[0] || 'application/octet-stream');
      body = request.file;
    } else if (request.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(request.body);
    }

    let response: Response;
    try {
      response = await doFetch(url, { method: endpoint.method, headers, body, signal: request.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({
        code: 'NETWORK_ERROR' satisfies ClientErrorCode,
        status: 0,
        message: 'Could not reach the server. Check the connection and try again.',
        cause: error,
      });
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function apiRequest<E extends Endpoint>(endpoint: E, request: RequestOptions<E> = {}): Promise<ResponseOf<E>> {
    const response = await send(endpoint, request, 'application/json, application/problem+json');
    const data = response.status === 204 ? null : ((await readBody(response)) ?? null);
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        code: 'INVALID_RESPONSE' satisfies ClientErrorCode,
        status: response.status,
        message: `The response of ${endpoint.method} ${endpoint.path} does not match its contract`,
        fieldErrors: parsed.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'body',
          message: issue.message,
        })),
        requestId: response.headers.get('x-request-id') ?? undefined,
        cause: parsed.error,
      });
    }
    return parsed.data as ResponseOf<E>;
  }

  /** An endpoint that answers a file (`produces` in its contract: CSV, PDF, image) as a Blob. */
  async function apiBlob<E extends Endpoint>(endpoint: E, request: RequestOptions<E> = {}): Promise<Blob> {
    const response = await send(endpoint, request, `${endpoint.produces ?? '*/*'}, application/problem+json`);
    return response.blob();
  }

  return Object.assign(apiRequest, { blob: apiBlob });
}

/** The app's client: same origin, token and active store from localStorage (spec section 3). */
export const apiRequest = createApiClient();
/** Files from the API (CSV exports, PDFs, images) with the same token and store headers. */
export const apiBlob = apiRequest.blob;
