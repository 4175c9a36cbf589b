// The one server every contender talks to: node:http on 127.0.0.1, keep-alive, answering the mix
// with each operation's documented response. It checks that every request carries the same
// headers and body (auth, Accept, Content-Type only with a body, the exact JSON), so no contender
// can win by sending less; anything else gets a 400 naming the mismatch, which fails the run.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Operation } from './mix.js';

interface Route {
  operation: Operation;
  body: string | undefined;
  reply: Buffer;
}

export interface MixServer {
  url: string;
  /** Requests answered, per operation key. */
  counts: Record<string, number>;
  close(): Promise<void>;
}

function mismatch(route: Route | undefined, req: IncomingMessage, body: string): string | undefined {
  if (!route) return `no route for ${req.method} ${req.url}`;
  const { operation } = route;
  if (req.headers[operation.auth[0]] !== operation.auth[1]) return 'auth header';
  if (req.headers.accept !== 'application/json') return `accept ${req.headers.accept}`;
  if (route.body === undefined) {
    if (req.headers['content-type'] !== undefined || body !== '') return 'a body on a request without one';
  } else {
    if (req.headers['content-type'] !== 'application/json') return `content-type ${req.headers['content-type']}`;
    if (body !== route.body) return 'request body';
  }
  return undefined;
}

export async function startMixServer(mix: Operation[], port = 0): Promise<MixServer> {
  const routes = new Map<string, Route>();
  const counts: Record<string, number> = {};
  for (const operation of mix) {
    routes.set(`${operation.method} ${operation.url}`, {
      operation,
      body: operation.body === undefined ? undefined : JSON.stringify(operation.body),
      reply: Buffer.from(JSON.stringify(operation.response)),
    });
    counts[operation.key] = 0;
  }
  const sockets = new Set<Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const route = routes.get(`${req.method} ${req.url}`);
      const wrong = mismatch(route, req, body);
      if (wrong !== undefined || !route) {
        const text = JSON.stringify({ mismatch: wrong });
        res.writeHead(400, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      counts[route.operation.key]!++;
      res.writeHead(route.operation.status, { 'Content-Type': 'application/json', 'Content-Length': route.reply.length });
      res.end(route.reply);
    });
  });
  // Idle connections stay open between rounds (clients keep theirs for a few seconds anyway).
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
