// One node:http (or fetch) server for several callback addresses: B's status and reply callbacks
// and C's status callback each at the path you registered with the service (section 6 does not show
// where that is configured). Each receiver still answers in its own interface's shape; only a path
// no receiver serves gets the router's own answer, since it belongs to no interface.
import type { IncomingMessage } from 'node:http';
import { dualHandler, type DualHandler } from './callable.js';
import { checkTimeoutMs, defaultBodyTimeoutMs, defaultMaxBodyBytes, type Reply } from './core.js';
import { toResponse } from './fetch.js';
import { refuseUnread, send } from './node.js';
import { createTimeLimit } from './time-limit.js';

/** A path (exact, without query) and the receiver that serves it. */
export type CallbackRoutes = Readonly<Record<string, Pick<DualHandler, 'node' | 'fetch'>>>;

export type CallbackRouter = DualHandler;

export interface CallbackRouterOptions {
  /**
   * How long the body of a request to a path no receiver serves may take to arrive after the 404
   * (Node drains it to keep the connection); then the connection is closed. Integer milliseconds,
   * 1 to 2147483647. Default 10000, the receivers' default.
   */
  bodyTimeoutMs?: number;
}

/** The router's own answer for a path no receiver serves: no interface's shape, so a neutral one. */
const notFound: Reply = {
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message: 'No callback receiver at this path' }),
};

function checkRoutes(routes: unknown): Map<string, Pick<DualHandler, 'node' | 'fetch'>> {
  if (routes === null || typeof routes !== 'object' || Object.keys(routes).length === 0) {
    throw new TypeError('routes must name at least one path, e.g. { "/sms/status": receiver }');
  }
  const table = new Map<string, Pick<DualHandler, 'node' | 'fetch'>>();
  for (const [path, receiver] of Object.entries(routes)) {
    if (!/^\/[^?#]*$/.test(path)) throw new TypeError(`route ${JSON.stringify(path)} must be a path starting with "/", without query or fragment`);
    const candidate = receiver as Partial<DualHandler> | undefined;
    if (typeof candidate?.node !== 'function' || typeof candidate.fetch !== 'function') {
      throw new TypeError(`route ${JSON.stringify(path)} must be a receiver (create...Receiver()), not ${typeof receiver}`);
    }
    table.set(path, candidate as DualHandler);
  }
  return table;
}

/** The path of a Node request target: origin form (`/a?b`) or absolute form (`http://h/a?b`). */
function nodePath(req: IncomingMessage): string {
  const target = req.url ?? '/';
  if (target.startsWith('/')) {
    const end = target.search(/[?#]/);
    return end === -1 ? target : target.slice(0, end);
  }
  try {
    return new URL(target).pathname;
  } catch {
    return '';
  }
}

/**
 * Routes callbacks by exact path (case-sensitive, no trailing-slash folding, query ignored) to their
 * receivers; any other path gets 404 `{ "message": "No callback receiver at this path" }`. Methods
 * are left to each receiver (405 in its own shape). Usable as `router.node`, `router.fetch`, or
 * `createServer(router)` itself.
 *
 * ```ts
 * createServer(createCallbackRouter({ '/sms/status': smsStatus, '/sms/reply': smsReply, '/im/status': imStatus })).listen(8080);
 * ```
 */
export function createCallbackRouter(routes: CallbackRoutes, options: CallbackRouterOptions = {}): CallbackRouter {
  const table = checkRoutes(routes);
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object such as { bodyTimeoutMs: 10000 }; got ${options === null ? 'null' : typeof options}`);
  const bodyDeadline = createTimeLimit(checkTimeoutMs('bodyTimeoutMs', options.bodyTimeoutMs, defaultBodyTimeoutMs)).start;
  return dualHandler(
    'router',
    async (req, res) => {
      try {
        const receiver = table.get(nodePath(req));
        if (receiver) return await receiver.node(req, res);
        refuseUnread(req, res, notFound, defaultMaxBodyBytes, bodyDeadline);
      } catch {
        send(res, notFound, true);
      }
    },
    async (request) => {
      let path = '';
      try {
        path = new URL(request.url).pathname;
      } catch {
        // No usable URL: no route matches.
      }
      const receiver = table.get(path);
      if (receiver) return receiver.fetch(request);
      // Leave the unread body to the runtime, which discards it.
      return toResponse(notFound);
    },
  );
}
