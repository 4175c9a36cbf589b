// Who may drive the control API. On loopback: requests whose Host is a loopback name (DNS
// rebinding: a page on rebind.evil.example that resolves to 127.0.0.1 sends its own Host) and
// whose Origin, when a browser sends one, is a loopback origin (a cross-site page gets 403).
// Beyond loopback: the control token the sandbox printed at start, compared in constant time.
// Bodies must be application/json, so no HTML form or no-cors fetch can send one (as Vite and
// webpack-dev-server guard their own endpoints).
import type { IncomingMessage } from 'node:http';
import { CONTROL_TOKEN_HEADER } from './control-constants.js';
import { safeEqual } from './credentials.js';
import type { Answer } from './http-io.js';
import { isLoopbackName, isLoopbackOrigin } from './loopback.js';

export interface ControlGuard {
  /** Required when set (the sandbox listens beyond loopback). */
  token: string | undefined;
  /** Origins allowed besides loopback ones (`--cors`). */
  origins: readonly string[];
}

function hostname(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}


/** The refusal of a control request by who sent it, or undefined when it may go on. */
export function controlRefusal(guard: ControlGuard, req: IncomingMessage): Answer | undefined {
  if (guard.token !== undefined) {
    const given = req.headers[CONTROL_TOKEN_HEADER];
    if (typeof given !== 'string' || !safeEqual(given, guard.token)) {
      return { status: 401, body: { error: `the sandbox listens beyond loopback: send the control token it printed at start in the ${CONTROL_TOKEN_HEADER} header` } };
    }
  } else {
    const name = hostname(req.headers.host);
    if (name === undefined || !isLoopbackName(name)) {
      return { status: 403, body: { error: 'the control API answers only a Host that is a loopback name (localhost, 127.0.0.1, [::1]), against DNS rebinding' } };
    }
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin) && !guard.origins.includes(origin)) {
    return { status: 403, body: { error: 'the control API refuses cross-site requests: the Origin is neither a loopback origin nor one given with --cors' } };
  }
  return undefined;
}

/** A control body must be declared JSON. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
