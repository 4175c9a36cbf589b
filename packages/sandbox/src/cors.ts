// CORS for browser apps (sandbox choice; the service's CORS is not shown). Default: loopback
// origins only, so an app under development (Vite on http://localhost:5173, say) can call the
// sandbox without a flag, while no page from elsewhere can read its answers. `cors` adds origins
// (`--cors https://app.example.test,http://10.0.0.5:3000`) or turns it off (`--cors off`).
// Preflights are answered for the four interfaces and the control API alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackOrigin } from './loopback.js';

export type CorsOption = 'loopback' | 'off' | readonly string[];

/** Request headers a browser app may send: credentials, JSON, Prism's Prefer, the control token. */
const ALLOWED_HEADERS = 'authorization, content-type, prefer, x-sandbox-control-token';
/** Response headers a page may read: D's Location, C's RetryAfter. */
const EXPOSED_HEADERS = 'location, retryafter';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

export interface Cors {
  /** The origins allowed besides loopback ones. */
  origins: readonly string[];
  /** Sets the CORS headers of an answer to an allowed Origin; true when the request was a preflight, answered here. */
  apply(req: IncomingMessage, res: ServerResponse): boolean;
}

function normalise(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`cors origin ${origin} must be http or https`);
  return url.origin;
}


export function createCors(option: CorsOption = 'loopback'): Cors {
  const off = option === 'off';
  let origins: string[] = [];
  if (Array.isArray(option)) {
    try {
      origins = option.map(normalise);
    } catch (error) {
      throw new TypeError(error instanceof TypeError && error.message.startsWith('cors') ? error.message : 'cors must be "loopback", "off" or a list of http(s) origins');
    }
  } else if (option !== 'loopback' && option !== 'off') {
    throw new TypeError('cors must be "loopback", "off" or a list of http(s) origins');
  }
  const allowed = (origin: string) => !off && (isLoopbackOrigin(origin) || origins.includes(origin));
  return {
    origins,
    apply(req, res) {
      const origin = req.headers.origin;
      if (origin === undefined) return false;
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      if (!allowed(origin)) {
        if (!preflight) return false;
        req.resume();
        const body = JSON.stringify({ error: 'this Origin is not allowed: the sandbox allows loopback origins and those given with --cors' });
        res.writeHead(403, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), vary: 'origin' }).end(body);
        return true;
      }
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'origin');
      if (!preflight) {
        res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
        return false;
      }
      req.resume();
      res.writeHead(204, {
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
      });
      res.end();
      return true;
    },
  };
}
