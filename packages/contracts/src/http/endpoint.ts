import { z } from 'zod';
import type { Permission } from '../access/permissions.js';

/**
 * Who may call an endpoint. Every endpoint declares exactly one of these; the API refuses to
 * register an endpoint without it, and a test lists every route with its access.
 *
 * - `public`: no token needed (health, sign-up, forgot password).
 * - `signedIn`: any valid access token; the endpoint acts on the caller's own account.
 * - a permission: a store-mode request (`X-Store-Id`) whose role in that store grants it, or, for
 *   `/api/v1/admin/*` endpoints, the owner of the business named in the path.
 */
export type Access = 'public' | 'signedIn' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path with `:param` placeholders, under `/api/v1`. */
  path: `/api/v1/${string}`;
  summary: string;
  tags: string[];
  access: Access;
  /** Requests that carry money or stock effects must send an `Idempotency-Key` header. */
  idempotent?: boolean;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /**
   * The body is raw bytes of one of these types (an image, a CSV file), not JSON; the handler gets a
   * Buffer. Another type is a 415, a larger body a 413.
   */
  rawBody?: { contentTypes: readonly string[]; maxBytes: number };
  /** The response is not JSON but this type (a CSV stream, a PDF, an image); `response` is not checked. */
  produces?: string;
  /** The success status and its body schema. */
  status: 200 | 201 | 202 | 204;
  response: TResponse;
}

/** The response of a 204 endpoint: no body. */
export const noContent = z.null();

export function defineEndpoint<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<TParams, TQuery, TBody, TResponse>) {
  return endpoint;
}

/** Fills `:param` placeholders; used by the web client so paths are never written twice. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
