import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, getMe, STORE_HEADER } from '@ipos/contracts';
import { jsonResponse as json } from '../test/api';
import { testMe } from '../test/fixtures';
import { ApiError, apiRequest, createApiClient } from './api-client';

const me = testMe();

function mockFetch(response: Response | (() => Response | Promise<Response>)) {
  return vi.fn<typeof fetch>(async () => (typeof response === 'function' ? response() : response));
}

function sentHeaders(fetchMock: ReturnType<typeof mockFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]![1]!.headers);
}

const getThing = defineEndpoint({
  method: 'GET',
  path: '/api/v1/stores/:storeId/things/:thingId',
  summary: 'test',
  tags: ['test'],
  access: 'signedIn',
  params: z.object({ storeId: z.string(), thingId: z.string() }),
  query: z.object({ page: z.number().optional(), tag: z.array(z.string()).optional(), q: z.string().optional() }),
  status: 200,
  response: z.object({ id: z.string() }),
});

const createThing = defineEndpoint({
  method: 'POST',
  path: '/api/v1/things',
  summary: 'test',
  tags: ['test'],
  access: 'signedIn',
  idempotent: true,
  body: z.object({ name: z.string() }),
  status: 204,
  response: z.null(),
});

describe('apiRequest', () => {
  it('builds the URL from the descriptor and sends the bearer token from localStorage', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    const fetchMock = mockFetch(json(me));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const result = await apiRequest(getMe);
      expect(result.account.name).toBe('Chidi Manager');
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/me');
      expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
      expect(sentHeaders(fetchMock).get('authorization')).toBe('Bearer abc.def.ghi');
      expect(sentHeaders(fetchMock).has(STORE_HEADER)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends no Authorization header when there is no token', async () => {
    const fetchMock = mockFetch(json(me));
    await createApiClient({ fetch: fetchMock })(getMe);
    expect(sentHeaders(fetchMock).has('authorization')).toBe(false);
  });

  it('adds the store header when a store is selected', async () => {
    localStorage.setItem('store-id', '0190a6a0-0000-7000-8000-0000000000aa');
    const fetchMock = mockFetch(json(me));
    await createApiClient({ fetch: fetchMock })(getMe);
    expect(sentHeaders(fetchMock).get(STORE_HEADER)).toBe('0190a6a0-0000-7000-8000-0000000000aa');
  });

  it('names the store the request says over the stored one (a queued sale replays to the store that sold it)', async () => {
    localStorage.setItem('store-id', '0190a6a0-0000-7000-8000-0000000000aa');
    const fetchMock = mockFetch(json(me));
    await createApiClient({ fetch: fetchMock })(getMe, { storeId: '0190a6a0-0000-7000-8000-0000000000bb' });
    expect(sentHeaders(fetchMock).get(STORE_HEADER)).toBe('0190a6a0-0000-7000-8000-0000000000bb');
  });

  it('fills path parameters and encodes the query', async () => {
    const fetchMock = mockFetch(json({ id: 't1' }));
    const request = createApiClient({ fetch: fetchMock, baseUrl: 'https://pos.example' });
    await request(getThing, {
      params: { storeId: 's/1', thingId: 't1' },
      query: { page: 2, tag: ['a', 'b'], q: undefined },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://pos.example/api/v1/stores/s%2F1/things/t1?page=2&tag=a&tag=b');
  });

  it('sends a JSON body with an idempotency key, and answers null for 204', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    const result = await createApiClient({ fetch: fetchMock })(createThing, {
      body: { name: 'x' },
      idempotencyKey: 'key-1',
    });
    expect(result).toBeNull();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect(sentHeaders(fetchMock).get('content-type')).toBe('application/json');
    expect(sentHeaders(fetchMock).get('idempotency-key')).toBe('key-1');
  });

  it('generates an idempotency key when the endpoint needs one', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await createApiClient({ fetch: fetchMock })(createThing, { body: { name: 'x' } });
    expect(sentHeaders(fetchMock).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns a problem+json answer into an ApiError with code, status and field errors', async () => {
    const problem = {
      type: 'https://ipos.app/problems/validation-failed',
      title: 'Some fields are not valid',
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'name: Required',
      requestId: 'req-123',
      errors: [{ field: 'name', message: 'Required' }],
    };
    const fetchMock = mockFetch(json(problem, 400));
    const error = await createApiClient({ fetch: fetchMock })(createThing, { body: { name: '' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('name: Required');
    expect(apiError.requestId).toBe('req-123');
    expect(apiError.fieldErrors).toEqual([{ field: 'name', message: 'Required' }]);
    expect(apiError.fieldErrorMap()).toEqual({ name: 'Required' });
    expect(apiError.problem?.title).toBe('Some fields are not valid');
  });

  it('keeps the extensions of a problem document (the product a SKU clashes with)', async () => {
    const conflict = { productId: '0190a6a0-0000-7000-8000-0000000000aa', productName: 'Peak Milk', sku: 'PK-1' };
    const fetchMock = mockFetch(json({ type: 'x', title: 'SKU taken', status: 409, code: 'SKU_TAKEN', conflict }, 409));
    const error = (await createApiClient({ fetch: fetchMock })(createThing, { body: { name: 'x' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.code).toBe('SKU_TAKEN');
    expect(error.problem?.conflict).toEqual(conflict);
  });

  it('keeps the status of an error that is not a problem document', async () => {
    const fetchMock = mockFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await createApiClient({ fetch: fetchMock })(getMe).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.status).toBe(502);
  });

  it('rejects a response that does not match the endpoint response schema', async () => {
    const fetchMock = mockFetch(json({ ...me, account: { id: 'not-a-uuid', email: 'x' } }));
    const error = (await createApiClient({ fetch: fetchMock })(getMe).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.fieldErrors.map((e) => e.field)).toEqual(expect.arrayContaining(['account.id', 'account.name']));
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await createApiClient({ fetch: fetchMock })(getMe).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });
});
