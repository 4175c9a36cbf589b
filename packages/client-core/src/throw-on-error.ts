// The opt-in throw-on-error mode: the same client, each call resolving to its success body and
// throwing one error class per interface for any other answer. A module of its own, imported only
// by each client's `throwOnError`, so a bundle that does not use it does not contain it.
import type { FetchOptions } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod } from 'openapi-typescript-helpers';
import { REDACT } from './client.js';
import type { Redactor } from './errors.js';
import type { Checked, InitParam, MaybeOptionalInit, Operation, Response, StrictClient } from './strict-client.js';

/** The longest explanation from a body that a message carries, characters (then cut with `…`). */
const MAX_EXPLANATION_LENGTH = 300;
/** The entries of C's `errors` (APIError, section 2.3: at most 100) a message names. */
const SHOWN_ERRORS = 3;

/**
 * The body's own explanation, for the message: a test runner prints the message, rarely `body`.
 * The error shapes' text field: `message` (A's and D's DefaultError, B's body, C's APIError), else
 * `error` (the sandbox control API's `{ error }`; B's `error` is only the status's name, so
 * `message` comes first), or a body that is itself a string (D's delete endpoints). Then, where
 * the body has C's `errors` (APIError: each Error's `field` and `description`, section 2.3), the
 * first three in brackets: C's `message` names the kind of failure ("Request data invalid"), its
 * `errors` say why. One line, bounded; the body it is read from has already passed the client's
 * redactor.
 */
function explanation(body: unknown): string {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = typeof body === 'string' ? body : [fields.message, fields.error].find((field) => typeof field === 'string');
  const reasons = (Array.isArray(fields.errors) ? fields.errors.slice(0, SHOWN_ERRORS) : [])
    .filter((error) => typeof error?.description === 'string')
    // The field, unless the description names it first already (as the sandbox's do).
    .map((error) => (typeof error.field === 'string' && !error.description.startsWith(error.field) ? `${error.field}: ${error.description}` : error.description));
  const line = [text ?? '', reasons.length > 0 ? `(${reasons.join('; ')})` : '']
    .join(' ')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  if (line === '') return '';
  return `: ${line.length > MAX_EXPLANATION_LENGTH ? `${line.slice(0, MAX_EXPLANATION_LENGTH - 1)}…` : line}`;
}

/**
 * An answer that is not a success (any status outside 200-299, a 429 left after the retries
 * included). `body` is the documented error body, parsed as openapi-fetch parses it; `operation`
 * is `METHOD /path/template` as called (no parameter values, no query string). The message is
 * `METHOD /template answered <status>`, then the body's own explanation when it has one
 * (`: progress.states: delivered is a state of neither B nor C`), at most 300 characters.
 */
export class ResponseError<Body = unknown> extends Error {
  declare readonly status: number;
  declare readonly body: Body;
  declare readonly operation: string;
  /** The Response (headers such as `RetryAfter`); its body is already read. Not enumerable. */
  declare readonly response: globalThis.Response;

  constructor(operation: string, status: number, body: Body, response: globalThis.Response) {
    super(`${operation} answered ${status}${explanation(body)}`);
    Object.assign(this, { operation, status, body });
    Object.defineProperty(this, 'response', { value: response });
  }
}

/** The success body of a call: the documented 2XX bodies; `undefined` for a success without one (a 204). */
type SuccessData<R> = R extends { data: infer Data; error?: never } ? ([Data] extends [never] ? undefined : Data) : never;

export type ThrowingMethod<Paths extends {}, Method extends HttpMethod, Media extends MediaType> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Operation<Paths, Path, Method>>,
>(
  url: Path,
  ...init: InitParam<Checked<Init, FetchOptions<Operation<Paths, Path, Method>>>>
) => Promise<SuccessData<Response<Operation<Paths, Path, Method>, Init, Media>>>;

/**
 * The mark of a client in throw-on-error mode (a non-enumerable `true` at run time). Wrappers that
 * read `{ data, error, response }` (the validators' `withValidation`) look for it by this name, so
 * they refuse such a client at compile time and at run time: they must wrap the plain client, and
 * throw-on-error mode goes on last, `throwOnError(withValidation(client, ...))`.
 */
export const THROWS_ON_ERROR = '~throwsOnError';

/** A client in throw-on-error mode: the same calls, each resolving to the success body; `use` and `eject` as openapi-fetch's. */
export type ThrowingClient<Paths extends {}, Media extends MediaType = MediaType> = Pick<StrictClient<Paths, Media>, 'use' | 'eject'> & {
  [Method in HttpMethod as Uppercase<Method>]: ThrowingMethod<Paths, Method, Media>;
} & { readonly [THROWS_ON_ERROR]: true };

type ErrorOf<O> = O extends Record<string | number, any> ? Exclude<Response<O, Record<never, never>, MediaType>['error'], undefined> : never;
/** Every documented error body of an interface: what a `ResponseError` of its client can carry. */
export type ErrorBodyOf<Paths> = {
  [P in keyof Paths]: { [M in HttpMethod & keyof Paths[P]]: ErrorOf<Paths[P][M]> }[HttpMethod & keyof Paths[P]];
}[keyof Paths];

type Call = (url: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: globalThis.Response }>;

/**
 * `client` in throw-on-error mode: each call resolves to `data`, or throws `new ErrorClass(...)`
 * when the answer is not a 2XX. What the client throws already (ClientNetworkError, a timeout) is
 * thrown unchanged. The body and operation pass the client's redactor, like everything it throws.
 */
export function throwingClient<Paths extends {}, E extends ResponseError>(
  client: StrictClient<Paths>,
  ErrorClass: new (operation: string, status: number, body: any, response: globalThis.Response) => E,
): ThrowingClient<Paths> {
  const redact: Redactor = (client as unknown as { [REDACT]?: Redactor })[REDACT] ?? ((value) => value);
  const throwing: Record<string, (url: string, init?: unknown, more?: unknown) => unknown> = {};
  for (const method of Object.keys(client)) {
    const call = (client as unknown as Record<string, Call>)[method]!;
    // use and eject act on the one client underneath.
    if (method !== method.toUpperCase()) throwing[method] = call;
    else throwing[method] = async (url, init) => {
      const { data, error, response } = await call(url, init);
      if (!response.ok) throw new ErrorClass(redact(`${method} ${url}`), response.status, redact(error), withoutSecrets(response, redact));
      return data;
    };
  }
  throwing.request = (method, url, init) => throwing[String(method).toUpperCase()]!(url as string, init);
  Object.defineProperty(throwing, THROWS_ON_ERROR, { value: true });
  return throwing as unknown as ThrowingClient<Paths>;
}

/**
 * The Response an error carries, its headers passed through the redactor (a server may echo the
 * credential in one): the same Response when none carries a secret, else a copy with the same
 * status, headers redacted and URL, and no body (it was read already).
 */
function withoutSecrets(response: globalThis.Response, redact: Redactor): globalThis.Response {
  const headers = [...response.headers];
  const clean = redact(headers);
  if (clean === headers) return response;
  const copy = new Response(null, { status: response.status, statusText: response.statusText, headers: clean });
  return Object.defineProperty(copy, 'url', { value: response.url });
}

/**
 * An interface's `throwOnError(client)`: `throwingClient` bound to the interface's error class,
 * so each client declares only its class and this one line. Pure: a bundle that never calls the
 * result drops it (mark the call `/* @__PURE__ *\/`).
 */
export function throwOnErrorWith<Paths extends {}>(
  ErrorClass: new (operation: string, status: number, body: any, response: globalThis.Response) => ResponseError,
): (client: StrictClient<Paths>) => ThrowingClient<Paths> {
  return (client) => throwingClient(client, ErrorClass);
}
