// One object usable three ways: `thing.node(req, res)`, `thing.fetch(request)`, and `thing` itself
// called either way, so `createServer(receiver)` and `Deno.serve(receiver)` work rather than
// hang (node:http takes a non-function first argument as its options and never answers).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FetchHandler } from './fetch.js';
import type { NodeHandler } from './node.js';

/** A handler in both server APIs, callable itself in either. */
export interface DualHandler {
  /** The Node form: the same as `.node(req, res)`. */
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The web-standard form: the same as `.fetch(request)`. */
  (request: Request): Promise<Response>;
  /** `(req, res)` for node:http, Express, Connect, Fastify's `request.raw`/`reply.raw`. */
  readonly node: NodeHandler;
  /** `(Request) => Promise<Response>` for Hono, Next route handlers, Bun, Deno. */
  readonly fetch: FetchHandler;
}

const isRequest = (value: unknown): value is Request => typeof Request !== 'undefined' && value instanceof Request;

export function dualHandler(name: string, node: NodeHandler, fetch: FetchHandler): DualHandler {
  function handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  function handle(request: Request): Promise<Response>;
  function handle(first: IncomingMessage | Request, res?: ServerResponse): Promise<void | Response> {
    if (res !== undefined) return node(first as IncomingMessage, res);
    if (isRequest(first)) return fetch(first);
    throw new TypeError(`call ${name}(req, res) for node:http or ${name}(request) for a web Request (or use ${name}.node / ${name}.fetch)`);
  }
  return Object.assign(handle, { node, fetch });
}
