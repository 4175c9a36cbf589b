// A node:http server that answers the consumer program's calls as the published contract documents
// them: each route's status and body are that operation's response and its `example`, read from
// the bundle installed in the consumer project. It records every request for the test to check.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Route {
  method: string;
  /** The request path and query, as the client sends it (`/rest/im/v1/message`). */
  url: string;
  /** The documented response to send. */
  status: number;
  body: unknown;
}

export interface DocumentedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/**
 * The documented example of an operation's response, with its `$ref`s resolved: its `example`, or
 * the first of its named `examples` (where the values are labelled illustrative).
 */
export function documentedExample(document: Json, path: string, method: string, status: string): unknown {
  const resolve = (value: unknown): Json => {
    let node = value as Json;
    while (typeof node?.$ref === 'string') {
      const pointer = (node.$ref as string).replace(/^#\//, '').split('/');
      node = pointer.reduce<unknown>((at, key) => (at as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Json;
    }
    return node;
  };
  const operation = resolve((resolve((document.paths as Json)[path]) as Json)[method]);
  const response = resolve((operation.responses as Json)[status]);
  const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
  if (media && 'example' in media) return media.example;
  const named = Object.values((media?.examples as Record<string, unknown> | undefined) ?? {}).map(resolve)[0];
  if (!named || !('value' in named)) throw new Error(`${method.toUpperCase()} ${path} ${status} documents no example`);
  return named.value;
}

/** Starts the server on a free loopback port. Unknown routes get 404 and are recorded too. */
export async function startDocumentedServer(routes: Route[]): Promise<DocumentedServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const route = routes.find((entry) => entry.method === recorded.method && entry.url === recorded.url);
      if (!route) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no such route in the test server"}');
        return;
      }
      res.writeHead(route.status, { 'content-type': 'application/json' }).end(JSON.stringify(route.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
