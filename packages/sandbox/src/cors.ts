// CORS for browser apps (sandbox choice; the service's CORS is not shown). Default: loopback
// origins only, so an app under development (Vite on http://localhost:5173, say) can call the
// sandbox without a flag, while no page from elsewhere can read its answers. `cors` adds origins
// (`--cors https://app.example.test,http://10.0.0.5:3000`) or turns it off (`--cors off`).
// Preflights are answered for the four interfaces and the control API alike, by the HTTPS server
// and by its plain-HTTP listener (a preflight that is redirected fails in the browser).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackOrigin } from './loopback.js';
import { originRefusalReporter } from './refused-origins.js';

export type CorsOption = 'loopback' | 'off' | readonly string[];

/** Request headers a browser app may send: credentials, JSON, Prism's Prefer, the control token. */
const ALLOWED_HEADERS = 'authorization, content-type, prefer, x-sandbox-control-token';
/** Response headers a page may read: D's Location, C's RetryAfter. */
const EXPOSED_HEADERS = 'location, retryafter';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

/** Which origins a setting allows, and how to say so. */
export interface CorsPolicy {
  off: boolean;
  /** The origins allowed besides loopback ones (normalised: `new URL(origin).origin`). */
  origins: readonly string[];
  allowed(origin: string): boolean;
  /** The allowed origins in a few words: "loopback origins only". */
  allows: string;
  /** The same with how to change it (the CLI's banner line). */
  description: string;
  /** Why a preflight from an origin not allowed gets 403 (its body). */
  refusal: string;
}

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

/** The policy of a `cors` option; throws a TypeError naming the rule when the option is not one. */
export function corsPolicy(option: CorsOption = 'loopback'): CorsPolicy {
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
  const listed = origins.join(', ');
  const allows = off ? 'none (--cors off)' : origins.length === 0 ? 'loopback origins only' : `loopback origins and ${listed} (--cors)`;
  return {
    off,
    origins,
    allowed: (origin) => !off && (isLoopbackOrigin(origin) || origins.includes(origin)),
    allows,
    description: off
      ? `${allows}: no page on another origin, loopback or not, can read the answers`
      : origins.length === 0
        ? `${allows}; add others with --cors <origin>`
        : allows,
    refusal: off
      ? 'CORS is off (--cors off), so no Origin is allowed'
      : origins.length === 0
        ? 'the sandbox allows loopback origins only; start it with --cors <origin> to allow another'
        : `the sandbox allows loopback origins and ${listed}; add another to --cors to allow it`,
  };
}

/**
 * CORS with a policy; `warn` (when given) is told, once per origin and boundedly, of each Origin
 * refused: a page there sees only "Failed to fetch", and the browser keeps the reason to itself.
 */
export function createCors(option: CorsOption = 'loopback', warn?: (message: string) => void): Cors {
  const policy = corsPolicy(option);
  const report = warn ? originRefusalReporter(warn, policy) : () => {};
  return {
    origins: policy.origins,
    apply(req, res) {
      const origin = req.headers.origin;
      if (origin === undefined) return false;
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      if (!policy.allowed(origin)) {
        report(origin);
        if (!preflight) return false;
        req.resume();
        const body = JSON.stringify({ error: `this Origin is not allowed: ${policy.refusal}` });
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
