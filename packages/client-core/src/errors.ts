// The one error class for failures below HTTP (no response, or no response in time), and the
// redaction rule: no credential appears in any message, stack, cause, toString or JSON of a
// thrown value.

export type NetworkErrorKind = 'timeout' | 'network' | 'redirect' | 'response-too-large';

export class ClientNetworkError extends Error {
  /**
   * `timeout`: no complete response within `timeoutMs`; `network`: the request never got a
   * response; `redirect`: the answer was a redirect, which is never followed;
   * `response-too-large`: the response body passed `maxResponseBytes`.
   */
  declare readonly kind: NetworkErrorKind;
  declare readonly method: string;
  /** The request URL without its query string (for a timeout: the operation's path template). */
  declare readonly url: string;

  constructor(kind: NetworkErrorKind, method: string, url: string, detail: string, cause?: unknown) {
    super(`${method} ${url} ${detail}`, { cause });
    Object.assign(this, { name: 'ClientNetworkError', kind, method, url });
  }
}

export type Redactor = <T>(value: T) => T;

/**
 * Returns a function that hands back an error unchanged when no secret occurs anywhere in it
 * (message, stack, own properties, cause chain), and otherwise an error of the same class and
 * name whose message has every secret replaced, whose cause is redacted the same way, and which
 * drops every other property. Strings come back with the secrets replaced. Runs only on the
 * failure path.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  const list = secrets.filter((s) => s !== '').sort((a, b) => b.length - a.length);
  const has = (value: unknown) => typeof value === 'string' && list.some((secret) => value.includes(secret));
  const scrub = (text = '') => list.reduce((out, secret) => out.split(secret).join('[REDACTED]'), text);
  const leaks = (value: unknown, depth = 0): boolean =>
    value instanceof Error &&
    depth < 5 &&
    // An object-valued property (a request, its headers) is not searched: it is dropped.
    ([value.message, value.stack, ...Object.values(value)].some((v) => has(v) || (typeof v === 'object' && v !== null)) ||
      leaks(value.cause, depth + 1));
  const redact = (value: any): any =>
    has(value)
      ? scrub(value)
      : leaks(value)
        ? Object.assign(
            Object.setPrototypeOf(new Error(scrub(value.message), { cause: redact(value.cause) }), Object.getPrototypeOf(value)),
            { name: value.name, stack: scrub(value.stack) },
          )
        : value;
  return redact;
}
