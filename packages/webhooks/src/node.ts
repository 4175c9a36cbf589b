// Node's (req, res) form: node:http, Express, Connect, Fastify's raw request and reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallbackRequest, Core, Reply } from './core.js';
import { timedOut } from './time-limit.js';

/** Never rejects: every failure becomes an answer, so `http.createServer(handler)` is safe. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const tooLarge = Symbol('too large');
const gone = Symbol('gone');
const consumed = Symbol('consumed');

type Outcome = Buffer | typeof tooLarge | typeof gone | typeof consumed | typeof timedOut;

function readBody(req: IncomingMessage, max: number, deadline: Core['bodyDeadline']): Promise<Outcome> {
  // Something upstream already drained the stream without leaving `req.body` (Fastify's parser,
  // which keeps the body on its own request object): the bytes are gone, but they were sent. A
  // request that declares no body (neither length nor chunked, RFC 9112 section 6.3) sent none.
  if (req.readableEnded) return Promise.resolve(declaresBody(req) ? consumed : Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // The 408 this leads to closes the connection; the listeners go now, so nothing more is kept.
    const stop = deadline(() => {
      cleanup();
      resolve(timedOut);
    });
    const cleanup = () => {
      stop();
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        // Stop buffering: the 413 answer closes the connection, and what still arrives is dropped.
        cleanup();
        resolve(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onGone = () => {
      cleanup();
      resolve(gone);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

export function send(res: ServerResponse, reply: Reply, close = false): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(reply.status, close ? { ...reply.headers, connection: 'close' } : reply.headers);
  res.end(reply.body);
}

function declaresBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Node drains an unread request body to keep the connection alive. That is cheap for a small
 * declared length; a chunked or over-limit body closes the connection instead.
 */
export function mustClose(req: IncomingMessage, max: number): boolean {
  if (req.readableEnded) return false;
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > max;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * After an answer given without reading the body (401, 405, 415, the router's 404), Node drains the
 * rest to keep the connection, for as long as the sender takes: a server without a request timeout
 * of its own (Fastify's default) never stops a sender trickling it. The rest gets the same
 * `bodyTimeoutMs` as a body the receiver reads; then the connection is closed.
 */
export function boundUnreadBody(req: IncomingMessage, deadline: Core['bodyDeadline']): void {
  if (req.readableEnded || !declaresBody(req)) return;
  // req.destroy() closes an HTTP/1 connection, and only this stream of an HTTP/2 one.
  const stop = deadline(() => req.destroy());
  req.once('end', stop);
  req.once('close', stop);
}

/** An answer given on the request's method and headers alone. */
export function refuseUnread(req: IncomingMessage, res: ServerResponse, reply: Reply, max: number, deadline: Core['bodyDeadline']): void {
  send(res, reply, mustClose(req, max));
  boundUnreadBody(req, deadline);
}

/**
 * A body a framework's parser left in `req.body`, trusted only when that parser consumed the
 * stream. Express 4's body-parser sets `req.body = {}` before it decides the type is not its own
 * (an app-wide `express.urlencoded()`), leaving the stream unread: trusting that `{}` would
 * acknowledge a callback nobody saw (sections 4.2, 6). `readableEnded` is true only once the
 * stream's `end` was emitted to a reader, so an unread body is read here instead.
 */
function preParsed(req: IncomingMessage): unknown {
  if (!req.readableEnded) return undefined;
  return (req as { body?: unknown }).body;
}

/**
 * What `authenticate` sees of a Node request. `url` is the path as received: Express and Connect
 * take a mount path off `req.url` (`app.use('/callbacks/<secret>', router)`) and keep the whole in
 * `req.originalUrl`, where `secretPathSegment` must look.
 */
function callbackRequest(req: IncomingMessage): CallbackRequest {
  const { originalUrl } = req as { originalUrl?: unknown };
  return {
    method: req.method ?? '',
    url: typeof originalUrl === 'string' ? originalUrl : (req.url ?? ''),
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    remoteAddress: req.socket?.remoteAddress,
  };
}

export function toNodeHandler(core: Core): NodeHandler {
  return async (req, res) => {
    try {
      if (core.authenticate) {
        const refused = await core.authenticate(callbackRequest(req));
        if (refused) return refuseUnread(req, res, refused, core.maxBodyBytes, core.bodyDeadline);
      }
      const headers = req.headers;
      const parsed = preParsed(req);
      // A parser that consumed the stream has also decoded its content coding (body-parser does).
      const encoding = parsed === undefined ? headers['content-encoding'] : undefined;
      const early = core.preflight(req.method, headers['content-type'], headers['content-length'], encoding, headers['transfer-encoding']);
      if (early) return refuseUnread(req, res, early, core.maxBodyBytes, core.bodyDeadline);
      if (parsed !== undefined) {
        if (typeof parsed === 'string') return send(res, await core.fromBytes(Buffer.from(parsed)));
        if (parsed instanceof Uint8Array) return send(res, await core.fromBytes(parsed));
        return send(res, await core.fromParsed(parsed));
      }
      const body = await readBody(req, core.maxBodyBytes, core.bodyDeadline);
      if (body === timedOut) return send(res, core.refuse('body_timeout'), true);
      if (body === gone) return; // the sender hung up; there is nobody to answer
      if (body === consumed) return send(res, core.refuse('body_consumed'));
      if (body === tooLarge) return send(res, core.refuse('body_too_large'), true);
      send(res, await core.fromBytes(body));
    } catch {
      // Only a bug here could get this far; still answer in the documented shape.
      send(res, core.refuse('handler_failed'), true);
    }
  };
}
