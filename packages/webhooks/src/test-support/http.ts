// Real HTTP on 127.0.0.1 for the receiver tests: a server per handler form, and a client that can
// send what a misbehaving sender sends (any method, no content type, chunked, invalid UTF-8).
import { request, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import type { CallbackReceiver } from '../receivers.js';
import { listen, type Running } from '@messaging-contracts/test-kit/http-server';

export { listen, type Running };

/**
 * Serves a fetch handler over node:http the way runtimes with native Request do: the body is a
 * stream the handler may cancel without tearing down the connection.
 */
export function fetchBridge(handler: CallbackReceiver['fetch']): RequestListener {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    let cancelled = false;
    const body = hasBody
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            req.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
            req.on('end', () => cancelled || controller.close());
            req.on('error', (error) => cancelled || controller.error(error));
          },
          cancel() {
            cancelled = true;
            req.removeAllListeners('data');
            req.resume();
          },
        })
      : null;
    const response = await handler(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body,
        ...(body ? { duplex: 'half' } : {}),
      } as RequestInit),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

/**
 * A server that reads each request to its end before the receiver sees it, as a framework's body
 * parser leaves one that kept nothing in `req.body` (the receiver then finds the stream drained).
 */
export const listenDrained = (node: RequestListener): Promise<Running> =>
  listen((req, res) => {
    req.resume();
    req.on('end', () => void node(req, res));
  });

export interface SendOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Send without Content-Length (Transfer-Encoding: chunked), in several writes. */
  chunked?: boolean;
}

export interface Received {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

export function send(base: string, options: SendOptions = {}): Promise<Received> {
  const { method = 'POST', path = '/callbacks', headers = {}, body, chunked = false } = options;
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...headers,
          ...(body !== undefined && !chunked ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (body === undefined) return void req.end();
    if (!chunked) return void req.end(body);
    const bytes = Buffer.from(body);
    const step = Math.max(1, Math.ceil(bytes.length / 4));
    for (let at = 0; at < bytes.length; at += step) req.write(bytes.subarray(at, at + step));
    req.end();
  });
}

/** `send` with `Content-Type: application/json` and a JSON-encoded body. */
export const postJson = (base: string, value: unknown, options: SendOptions = {}) =>
  send(base, {
    ...options,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(value),
  });

/** Both forms of a receiver as a node:http listener: `.node` directly, `.fetch` through `fetchBridge`. */
export const handlerForms = [
  ['node', (receiver: Pick<CallbackReceiver, 'node' | 'fetch'>): RequestListener => receiver.node],
  ['fetch', (receiver: Pick<CallbackReceiver, 'node' | 'fetch'>): RequestListener => fetchBridge(receiver.fetch)],
] as const;

/** `listen`, with every server it started closed after each test of the calling file. */
export function serversClosedAfterEach(): (listener: RequestListener) => Promise<Running> {
  const running: Running[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (listener) => {
    const server = await listen(listener);
    running.push(server);
    return server;
  };
}

/** Sends the first part of a chunked body and never the rest (a sender that stalls); resolves with the answer. */
export function sendHalfABody(base: string, path = '/callbacks'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write('{"status":"se');
  });
}
