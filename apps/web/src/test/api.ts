import { vi } from 'vitest';

/** An answer of the API: JSON, or problem+json from status 400 on; a `null` body is none at all (204). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

/** A problem document as the API sends it: the stable `code`, its `detail` and any field errors. */
export function problemResponse(
  status: number,
  code: string,
  detail?: string,
  errors?: { field: string; message: string }[],
): Response {
  return jsonResponse({ type: 'about:blank', title: code, status, code, detail, errors }, status);
}

/** Answers one request from its parsed JSON body (or the file it sent). */
export type ApiHandler = (body: unknown) => Response;

export interface ApiCall {
  /** `METHOD url`, as `stubApi` routes are named. */
  key: string;
  method: string;
  url: string;
  body: unknown;
}

/**
 * Replaces `fetch` with a fake API that answers by `METHOD url` (a list answers one call each, in
 * turn) and fails any other request. Returns the calls, in order. `vi.unstubAllGlobals()` undoes it.
 */
export function stubApi(routes: Record<string, ApiHandler | ApiHandler[]>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const key = `${method} ${url}`;
      // A JSON body parsed; a file (an image, a CSV) as it was sent.
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined);
      calls.push({ key, method, url, body });
      const handler = routes[key];
      if (!handler) throw new Error(`unexpected ${key}`);
      return (Array.isArray(handler) ? handler.shift()! : handler)(body);
    }),
  );
  return calls;
}
