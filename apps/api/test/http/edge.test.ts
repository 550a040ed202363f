import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '@ipos/contracts';
import { createTestServer, DEMO, type TestServer } from '../support/server.js';
import { demoIds } from '../support/isolation.js';

const MB = 1024 * 1024;
const FIRST_CHUNK = Buffer.alloc(64 * 1024, 'a');

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 response from the bytes received so far; undefined until it is complete. */
function parseResponse(received: Buffer): RawResponse | undefined {
  const text = received.toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const body = received.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), 'latin1'));
  if (body.length < Number(headers['content-length'] ?? 0)) return undefined;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
}

/**
 * Writes `head` and then only `firstChunk` of the body it announces, and waits: the response must
 * arrive while nearly all of the body is still unsent. Then it waits for the server to end the
 * connection, writing nothing more. `closed` says whether the server did within `closeWithinMs`.
 */
function sendHeadOnly(
  port: number,
  head: string,
  firstChunk: Buffer = FIRST_CHUNK,
  closeWithinMs = 2000,
): Promise<RawResponse & { closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let response: RawResponse | undefined;
    let closed = false;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no response while the body was unsent; got ${received.toString('latin1').slice(0, 200)}`));
    }, 5000);
    const finish = () => {
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ ...response!, closed });
    };
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      if (response || !(response = parseResponse(received))) return;
      setTimeout(finish, closeWithinMs);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      if (response) finish();
    });
    socket.write(head);
    if (firstChunk.length) socket.write(firstChunk);
  });
}

/** Sends whole bytes and reads the one response (the connection ends after it, or after 1 s). */
function sendRaw(port: number, bytes: string, halfClose = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const done = () => {
      const response = parseResponse(received);
      socket.destroy();
      if (response) resolve(response);
      else reject(new Error(`no whole response: ${received.toString('latin1').slice(0, 300)}`));
    };
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      if (parseResponse(received)) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.write(bytes);
    if (halfClose) socket.end();
    setTimeout(done, 3000);
  });
}

function head(method: string, path: string, headers: Record<string, string | number>) {
  return `${method} ${path} HTTP/1.1\r\nHost: ipos.test\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}

function expectProblem(res: RawResponse, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const problem = JSON.parse(res.body) as { status: number; code: string; requestId: string; detail: string };
  expect(problem).toMatchObject({ status, code });
  expect(problem.requestId).toBeTruthy();
  return problem;
}

describe('the HTTP edge', () => {
  let server: TestServer;
  let port: number;
  let token: string;
  let lekkiId: string;
  beforeAll(async () => {
    server = await createTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
    token = await server.tokenFor(DEMO.owner);
    lekkiId = (await demoIds(server)).lekkiId;
  });
  afterAll(() => server.close());

  describe('refuses on the head, before reading a body, and closes the connection', () => {
    const json50Mb = { 'Content-Type': 'application/json', 'Content-Length': 50 * MB };

    it('401 for a protected route without a token, or with a malformed one', async () => {
      for (const authorization of [undefined, 'Bearer not a token', 'Bearer abc.def.ghi']) {
        const res = await sendHeadOnly(
          port,
          head('POST', '/api/v1/categories', { ...json50Mb, ...(authorization ? { authorization } : {}) }),
        );
        expectProblem(res, 401, 'UNAUTHENTICATED');
        expect(res.headers.connection).toBe('close');
        expect(res.closed, 'the server ended the connection without reading the body').toBe(true);
      }
    });

    it('413 above the route’s limit: 1 MB for JSON, the import’s own 5 MB for CSV; public routes too', async () => {
      const signedIn = { authorization: `Bearer ${token}`, 'x-store-id': lekkiId };
      const json = await sendHeadOnly(port, head('POST', '/api/v1/categories', { ...json50Mb, ...signedIn }));
      expect(expectProblem(json, 413, 'PAYLOAD_TOO_LARGE').detail).toBe('The request body is larger than 1 MB');
      expect(json.headers.connection).toBe('close');
      expect(json.closed).toBe(true);

      const csv = await sendHeadOnly(
        port,
        head('POST', '/api/v1/products/import/preview', {
          'Content-Type': 'text/csv',
          'Content-Length': MAX_IMPORT_BYTES + 1,
          ...signedIn,
        }),
      );
      expect(expectProblem(csv, 413, 'PAYLOAD_TOO_LARGE').detail).toBe('The request body is larger than 5 MB');
      expect(csv.closed).toBe(true);

      const register = await sendHeadOnly(port, head('POST', '/api/v1/onboarding/register', json50Mb));
      expectProblem(register, 413, 'PAYLOAD_TOO_LARGE');
      expect(register.closed).toBe(true);
    });

    it('415 for a body of a type the route does not take, within the size limit', async () => {
      const res = await sendHeadOnly(
        port,
        head('POST', '/api/v1/categories', {
          'Content-Type': 'text/plain',
          'Content-Length': 512 * 1024,
          authorization: `Bearer ${token}`,
          'x-store-id': lekkiId,
        }),
      );
      expect(expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE').detail).toBe('Send the body as application/json');
      expect(res.headers.connection).toBe('close');
      expect(res.closed).toBe(true);
      // A malformed Content-Type header is one the route does not take either.
      const malformed = await sendRaw(
        port,
        `${head('POST', '/api/v1/onboarding/register', { 'Content-Type': '=bad', 'Content-Length': 2 })}{}`,
      );
      expectProblem(malformed, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('/oidc: 413 above what the token endpoint and the sign-in form read', async () => {
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      const tokenEndpoint = await sendHeadOnly(
        port,
        head('POST', '/oidc/token', { ...form, 'Content-Length': 50 * MB }),
      );
      expectProblem(tokenEndpoint, 413, 'PAYLOAD_TOO_LARGE');
      expect(tokenEndpoint.closed).toBe(true);
      const signInForm = await sendHeadOnly(
        port,
        head('POST', '/oidc/interaction/abcDEF123', { ...form, 'Content-Length': 32 * 1024 }),
        Buffer.alloc(4096, 'a'),
      );
      expect(expectProblem(signInForm, 413, 'PAYLOAD_TOO_LARGE').detail).toBe('The request body is larger than 16 KB');
      expect(signInForm.closed).toBe(true);
    });

    it('/oidc: a refusal the provider makes without reading the body closes the connection too', async () => {
      const res = await sendHeadOnly(
        port,
        head('POST', '/oidc/token', { 'Content-Type': 'text/plain', 'Content-Length': 40 * 1024 }),
        Buffer.alloc(1024, 'a'),
      );
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'invalid_request' });
      expect(res.headers.connection).toBe('close');
      expect(res.closed).toBe(true);
    });

    it('keeps the connection when the whole request was read (a refusal of a request without a body)', async () => {
      const res = await sendHeadOnly(port, head('GET', '/api/v1/me', {}), Buffer.alloc(0), 300);
      expectProblem(res, 401, 'UNAUTHENTICATED');
      expect(res.headers.connection).toBe('keep-alive');
      expect(res.closed).toBe(false);
    });
  });

  describe('refusals made before a route runs are problem+json with a stable code', () => {
    it('414 for a URL above 8 KB (the edge), and above Node’s own header limit (its parser)', async () => {
      const edge = await sendRaw(port, head('GET', `/api/v1/products?q=${'a'.repeat(9 * 1024)}`, {}));
      expectProblem(edge, 414, 'URI_TOO_LONG');
      const parser = await sendRaw(port, head('GET', `/api/v1/products?q=${'a'.repeat(20 * 1024)}`, {}));
      expectProblem(parser, 414, 'URI_TOO_LONG');
      expect(parser.headers.connection).toBe('close');
    });

    it('414 for a path segment above the router’s limit', async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/products/${'a'.repeat(200)}`,
        headers: { authorization: `Bearer ${token}`, 'x-store-id': lekkiId },
      });
      expect(res.statusCode).toBe(414);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 414, code: 'URI_TOO_LONG' });
    });

    it('431 for headers above Node’s limit', async () => {
      const res = await sendRaw(port, head('GET', '/api/v1/me', { 'x-big': 'a'.repeat(20 * 1024) }));
      expectProblem(res, 431, 'HEADERS_TOO_LARGE');
    });

    it('400 MALFORMED_REQUEST for a URL whose %-escapes do not decode, and for what is not HTTP', async () => {
      const badEscape = await server.app.inject({ method: 'GET', url: '/api/v1/products/%zz' });
      expect(badEscape.statusCode).toBe(400);
      expect(badEscape.headers['content-type']).toContain('application/problem+json');
      expect(badEscape.json()).toMatchObject({ code: 'MALFORMED_REQUEST', instance: '/api/v1/products/%zz' });

      expectProblem(await sendRaw(port, 'HELLO THERE\r\n\r\n'), 400, 'MALFORMED_REQUEST');
      expectProblem(await sendRaw(port, head('GET', '/', { 'x-a': 'b\u0001c' })), 400, 'MALFORMED_REQUEST');
      // The client stops sending before the body it announced is whole.
      const cutShort = await sendRaw(
        port,
        `${head('POST', '/api/v1/onboarding/register', { 'Content-Type': 'application/json', 'Content-Length': 100 })}{}`,
        true,
      );
      expectProblem(cutShort, 400, 'MALFORMED_REQUEST');
    });
  });
});
