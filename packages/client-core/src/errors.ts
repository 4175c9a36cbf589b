// The one error class for failures below HTTP (no response, or no response in time), and the
// redaction rule: no credential appears in any message, stack, cause, toString or JSON of a
// thrown value.

/** A request URL as errors show it: normalised as a Request would (a plain request's url is not), no query. */
export const shown = (url: string) => new URL(url).href.split('?')[0]!;

export type NetworkErrorKind = 'timeout' | 'network' | 'redirect' | 'response-too-large' | 'unsafe-integer';

export class ClientNetworkError extends Error {
  /**
   * `timeout`: no complete response within `timeoutMs`; `network`: the request never got a
   * response; `redirect`: the answer was a redirect, which is never followed;
   * `response-too-large`: the response body passed `maxResponseBytes`; `unsafe-integer`: the
   * JSON body holds an integer beyond 2^53 - 1 in magnitude, which a number cannot hold exactly
   * (the clients of A and D only; see `pointer`, `digits` and `text`).
   */
  declare readonly kind: NetworkErrorKind;
  declare readonly method: string;
  /** The request URL without its query string (for a timeout: the operation's path template). */
  declare readonly url: string;
  /** Kind `unsafe-integer`: the JSON pointer (RFC 6901) of the first such integer in the body. */
  declare readonly pointer?: string;
  /** Kind `unsafe-integer`: that integer's digits, as sent. */
  declare readonly digits?: string;
  /** Kind `unsafe-integer`: the whole body as sent, to read exactly (an id a POST created is not lost). */
  declare readonly text?: string;

  constructor(kind: NetworkErrorKind, method: string, url: string, detail: string, cause?: unknown) {
    super(`${method} ${url} ${detail}`, { cause });
    Object.assign(this, { name: 'ClientNetworkError', kind, method, url });
  }
}

export type Redactor = <T>(value: T) => T;

// On Node 22 and 24 (measured on 22.23.3 and 24.21.0) an error's own `stack` is an accessor pair,
// one getter shared by every error, where Node 20 has a data property; dropping it as "an
// accessor" copied every error, clean ones included. The getter is V8's own code, so the redactor
// reads it as the data property it stands for; any other accessor is still dropped. Undefined on 20.
const v8StackGetter = Object.getOwnPropertyDescriptor(new Error(), 'stack')?.get;

/** Secrets shorter than this are replaced only as words of their own (createRedactor). */
const SHORT_SECRET = 8;

/**
 * Returns a function that hands back a value unchanged when no secret occurs anywhere in it, and
 * otherwise a copy with every secret replaced by `[REDACTED]`: in a string; in an error's message,
 * stack, cause, `errors` and other own properties (symbol keys included; in string keys too), the error keeping its
 * class and name; in a plain object's or an array's entries. Any other object (a Request,
 * Headers, a Map: their contents cannot all be searched) and any accessor (but V8's `stack`) is dropped. The whole
 * graph is searched, cycles included (kept as cycles); past 64 levels the rest is dropped. Runs
 * only on the failure path.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so a secret that contains another is replaced whole. A short one (a test's user
  // name `u`, an API key `k`) is replaced only where it stands as a word of its own: replaced inside
  // words it turned `kind: 'unsafe-integer'` into `'[REDACTED]nsafe-integer'`, and the URL and
  // message with it. A long one is replaced wherever it occurs. A form with percent-escapes
  // (secretForms) is matched in any case, so escapes of mixed case (`%2f` beside `%3A`, RFC 3986
  // section 6.2.2.1) are found, and its letters too: replacing more than the secret is harmless.
  const list = secrets
    .filter((s) => s)
    .sort((a, b) => b.length - a.length)
    .map((secret) => {
      const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return RegExp(secret.length < SHORT_SECRET ? `(?<![\\w-])${escaped}(?![\\w-])` : escaped, secret.includes('%') ? 'gi' : 'g');
    });
  return (value) => {
    let changed = false;
    const copies = new Map<object, unknown>();
    const copy = (value: any, depth: number): any => {
      if (typeof value === 'string') {
        const out = list.reduce<string>((out, secret) => out.replaceAll(secret, '[REDACTED]'), value);
        changed ||= out !== value;
        return out;
      }
      if (typeof value !== 'object' || value === null || copies.has(value)) return copies.get(value) ?? value;
      const proto = Object.getPrototypeOf(value);
      const error = value instanceof Error;
      const array = Array.isArray(value);
      if (depth > 64 || !(error || array || proto === Object.prototype || proto === null)) {
        changed = true;
        return undefined;
      }
      const out = error ? Object.create(proto) : array ? [] : {};
      copies.set(value, out);
      for (const key of Reflect.ownKeys(value)) {
        let descriptor = Object.getOwnPropertyDescriptor(value, key)!;
        // V8's stack accessor, read as the data property it stands for (left an accessor, so
        // dropped, if reading it throws: a throwing Error.prepareStackTrace).
        if (key === 'stack' && v8StackGetter && descriptor.get === v8StackGetter) {
          try {
            descriptor = { value: descriptor.get.call(value), writable: true, enumerable: descriptor.enumerable, configurable: true };
          } catch {}
        }
        const { value: inner } = descriptor;
        // An accessor's descriptor has no value.
        if (!('value' in descriptor)) changed = true;
        else {
          const clean = copy(inner, depth + 1);
          // A key can hold a secret too (an object of headers keyed by value, a parsed echo).
          const name = typeof key === 'string' ? copy(key, depth) : key;
          if (clean !== undefined || inner === undefined) Object.defineProperty(out, name, { ...descriptor, value: clean });
        }
      }
      // An error without a name of its own inherits its class's from the prototype, as before.
      return out;
    };
    const out = copy(value, 0);
    return changed ? out : value;
  };
}
