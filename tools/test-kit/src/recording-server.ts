// Test support (not built, not published): a real HTTP server on 127.0.0.1 that records every
// request and answers from a queue of scripted replies. Used by client-core's tests and by the
// four clients' wire tests.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, as a URL parser reads it (dot segments resolved). */
  path: string;
  /** The request target exactly as it arrived. */
  target: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | {
      status: number;
      headers?: Record<string, string>;
      /** An object is sent as JSON (with `Content-Type: application/json` unless headers say otherwise). */
      body?: unknown;
    }
  /** Never answer: the client must time out. */
  | { hang: true }
  /** Send the status line, headers and part of a body, then stall. */
  | { stallBody: true }
  /**
   * Write these bytes to the socket as they are (status line, headers, body: anything, lies
   * included), `gapMs` apart, then close the connection, reset it, or leave it open.
   */
  | { raw: (string | Uint8Array)[]; gapMs?: number; end?: 'close' | 'reset' | 'hang' };

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` (`https://` for a TLS server) */
  url: string;
  requests: RecordedRequest[];
  /** Queue replies, used one per request in order; when the queue is empty the server answers 500. */
  reply(...replies: Reply[]): void;
  close(): Promise<void>;
}

async function sendRaw(socket: Socket, { raw, gapMs = 0, end = 'close' }: Extract<Reply, { raw: unknown }>): Promise<void> {
  for (const [i, chunk] of raw.entries()) {
    if (i > 0 && gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    if (socket.destroyed) return;
    socket.write(chunk);
  }
  if (end === 'reset') socket.resetAndDestroy();
  else if (end === 'close') socket.end();
}

function send(res: ServerResponse, reply: Reply): void {
  if ('hang' in reply) return;
  if ('raw' in reply) {
    // A socket already taken by an earlier raw reply is gone: nothing to answer on.
    if (res.socket) void sendRaw(res.socket, reply);
    return;
  }
  if ('stallBody' in reply) {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"partial":');
    return;
  }
  const headers: Record<string, string> = { ...reply.headers };
  let body: string | undefined;
  if (typeof reply.body === 'string') body = reply.body;
  else if (reply.body !== undefined) {
    body = JSON.stringify(reply.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  }
  res.writeHead(reply.status, headers);
  res.end(body);
}

export interface RecordingServerOptions {
  /** Serve https with this key and certificate (see selfSignedCertificate()). */
  tls?: { key: string; cert: string };
}

export async function startRecordingServer(options: RecordingServerOptions = {}): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const queue: Reply[] = [];
  const sockets = new Set<Socket>();
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        target: req.url ?? '',
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      send(res, queue.shift() ?? { status: 500, body: 'no reply queued' });
    });
  };
  const server: Server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  server.on(options.tls ? 'secureConnection' : 'connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging and stalled exchanges keep their sockets open; end them so close() returns.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback URL where nothing listens: a port that was free a moment ago. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
