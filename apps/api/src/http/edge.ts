import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * What is refused on a request's head alone, before a byte of its body is read: a URL that is too
 * long, a declared body above the route's limit, a body of a type the route does not take (and,
 * in route.ts, a missing or bad bearer token). A refusal that leaves while the client is still
 * sending closes the connection, so a client cannot make the server read 50 MB it already refused.
 */

/** Longer URLs are a 414; Node's own limit (16 KB for the request line and headers together) is higher. */
export const MAX_URL_BYTES = 8 * 1024;

/** 1048576 → "1 MB", 5242880 → "5 MB", 2048 → "2 KB". */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

export const payloadTooLarge = (limitBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${describeBytes(limitBytes)}`);

/** The media types a route's body may have: a raw-body endpoint's own (images, CSV), else JSON. */
export function acceptedBodyTypes(request: FastifyRequest): readonly string[] {
  return request.routeOptions.config?.rawBody?.contentTypes ?? ['application/json'];
}

export const unsupportedMediaType = (types: readonly string[]) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as ${types.join(' or ')}`);

/** Whether the head announces a body (as Fastify decides whether to parse one). */
function announcesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** 413 when the declared Content-Length is above the route's body limit (`bodyLimit`). */
export function refuseOversizedBody(request: FastifyRequest) {
  const limit = request.routeOptions.bodyLimit;
  if (limit !== undefined && Number(request.headers['content-length']) > limit) throw payloadTooLarge(limit);
}

/** 415 when a request with a body sends a type the route does not take (a GET's body is never read). */
export function refuseUnacceptedBodyType(request: FastifyRequest) {
  if (request.method === 'GET' || request.method === 'HEAD' || !announcesBody(request.headers)) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const types = acceptedBodyTypes(request);
  if (!types.includes(type)) throw unsupportedMediaType(types);
}

/**
 * A response whose head goes out before the request's body has all arrived (a refusal on the head,
 * or the identity provider refusing a body it did not read) says `Connection: close`: Node then ends
 * the connection after the response instead of reading the rest of the body to reuse it. Every
 * response head, Fastify's and the provider's (which bypasses Fastify's hooks), goes through
 * writeHead, so that is where this is decided.
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && announcesBody(req.headers)) this.setHeader('connection', 'close');
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** The app's first onRequest hook, for every route (the API, /oidc, static files, 404s). */
export async function guardEdge(request: FastifyRequest, reply: FastifyReply) {
  closeWhenBodyUnread(request.raw, reply.raw);
  if (Buffer.byteLength(request.raw.url ?? '') > MAX_URL_BYTES)
    throw new AppError('URI_TOO_LONG', `The URL is longer than ${describeBytes(MAX_URL_BYTES)}`);
}
