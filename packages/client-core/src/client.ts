// An openapi-fetch client (the same methods, options, middleware and `{ data, error, response }`
// results) with what the interfaces need, sending each call itself: openapi-fetch's createClient
// builds two Headers and a Request per call, and a second client around it would add a layer of
// closures and option objects; here a plain call is one options object, the base headers fixed at
// creation, and `fetch(url, init)`, whose Request is the only one. The body serializer and header
// merging are openapi-fetch's own, and path and query parameters come out as its serializers write
// the contracts' shapes (params.ts), so requests are built as it builds them.
import { defaultBodySerializer, type Middleware, mergeHeaders } from 'openapi-fetch';
import { type Auth, type AuthHeader, authHeader } from './auth.js';
import { resolveBaseUrl } from './base-url.js';
import { ClientNetworkError, createRedactor, type NetworkErrorKind, shown } from './errors.js';
import { dispatch } from '#dispatch';
import { createQuerySerializer, pathSerializer } from './params.js';
import type { RetryPolicy } from './retry.js';
import type { StrictClient } from './strict-client.js';
import type { IntegerCheck } from './unsafe-integers.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Where a client keeps its redactor, so the throw-on-error mode can redact what its errors carry. */
export const REDACT = Symbol('redact');
/**
 * 16 MiB: far above any documented response (a message, a list of a campaign's items), far
 * below what makes `response.text()` and `JSON.parse` exhaust the heap (a ~280 MB body did).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 ** 24;

/** Options every client takes. */
export interface CommonClientOptions {
  /** `{base_url}`: scheme and host (https; http only for loopback). The interface's base path is appended. */
  baseUrl: string;
  /**
   * Allow a plain `http:` baseUrl for any host (default false: https, http only for loopback).
   * For a test stub or the sandbox in a container network (`http://sandbox:4010`): the
   * credentials and bodies then cross the network in cleartext. Section 1: "HTTPS is used".
   */
  allowInsecureHttp?: boolean;
  /** Limit for a whole call (request, response body, and any 429 retries), in ms. Default 30 000; 0 turns it off. */
  timeoutMs?: number;
  /**
   * Limit for a response body in bytes (after decoding any Content-Encoding), success or error,
   * parsed or streamed. Default 16 MiB. Over it, the call throws ClientNetworkError kind
   * `response-too-large`, at once when the Content-Length says so, else when the count passes it.
   */
  maxResponseBytes?: number;
  /**
   * A fetch to use instead of `globalThis.fetch`, called the same way: `fetch(request, init)`, where
   * `init.signal` (when present) carries the call's time limit: honour it (pass `init` on), or
   * timeouts cannot end the exchange.
   */
  fetch?: (request: Request, init?: RequestInit) => Promise<Response>;
}

export interface CoreClientOptions extends CommonClientOptions {
  /** The interface's base path, from its contract's server URL (e.g. `/rest/gateway`). */
  basePath: string;
  /** A fixed path after the base path, already encoded (D's `/{application_name}`). */
  pathPrefix?: string;
  /** The credentials every request carries; none for a surface without them (the sandbox's control API on loopback). */
  auth: Auth | undefined;
  /** A Request constructor to build requests with, as openapi-fetch's `Request` option. */
  Request?: typeof Request;
  /**
   * The Content-Type of a body serialized as JSON (default `application/json`; A's vendor media
   * type). As openapi-fetch's own default, it gives way to a Content-Type the call sets.
   */
  bodyType?: string;
  /** 429 handling, for an interface that documents it (see retryPolicy()). */
  retry?: RetryPolicy | undefined;
  /**
   * The check of every JSON answer (success or error body) for integers a number cannot hold
   * exactly, for an interface whose contract has them (`unsafeIntegers(rule)`); none by default.
   */
  integers?: IntegerCheck | undefined;
  /**
   * The path serializer of a call that passes none (openapi-fetch's client option of that name);
   * default `pathSerializer`. A's and D's clients pass `integerPathSerializer`.
   */
  pathSerializer?: typeof pathSerializer;
}

type Init = Record<string, any>;
type Result = { data?: unknown; error?: unknown; response: Response };
/** What an attempt tells its call: whether anything but fetch saw the time limit's signal. */
type Answered = { shared: boolean };
/** A Request as the transport gets it: openapi-fetch copies unknown init keys (`timeoutSignal`) onto it. */
type Sent = Request & { timeoutSignal?: AbortSignal };

const METHODS = 'GET PUT POST DELETE OPTIONS HEAD PATCH TRACE'.split(' ');
/** What a middleware hook may return besides nothing (openapi-fetch's rules, said shorter). */
const HOOK_RESULTS = { onRequest: 'a Request or Response', onResponse: 'a Response', onError: 'a Response or Error' };
/** A time-limit controller, and how many calls it has served (see `spare` below). */
type Lease = [controller: AbortController, uses: number];
const REUSES = 16;
const SPARES = 32;

/**
 * Why fetch failed, from its (redacted) error: its TypeError says "fetch failed" or, for a body cut
 * short, "terminated"; the cause says why (a reset, a body shorter than its Content-Length).
 */
function reason(error: unknown): string {
  try {
    return String(((error as Error)?.cause as Error)?.message ?? error);
  } catch {
    return 'a value without a string form'; // e.g. an object without a prototype
  }
}

export function createCoreClient<Paths extends {}>(options: CoreClientOptions): StrictClient<Paths> {
  return coreClient<Paths, Auth>(options, authHeader);
}

/**
 * createCoreClient with the one encoder of credentials a client sends (`basicAuth` or
 * `headerAuth`), so that its bundle holds no other.
 */
export function coreClient<Paths extends {}, A extends Auth>(
  options: CoreClientOptions & { auth: A | undefined },
  encode: (auth: A) => AuthHeader,
): StrictClient<Paths> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES, retry, integers, pathSerializer: path = pathSerializer } = options;
  // setTimeout fires at once for delays above 2^31 - 1 ms.
  if (!(timeoutMs >= 0 && timeoutMs < 2 ** 31)) throw new RangeError('timeoutMs must be 0 to 2^31-1 ms');
  if (!(Number.isInteger(maxResponseBytes) && maxResponseBytes > 0)) throw new RangeError('maxResponseBytes must be a positive integer');
  // Only `true` opts in: anything else leaves http to a remote host refused, naming the option.
  const baseUrl = resolveBaseUrl(options.baseUrl, options.basePath, options.allowInsecureHttp) + (options.pathPrefix ?? '');
  const auth = options.auth && encode(options.auth);
  const redact = createRedactor(auth?.secrets ?? []);
  // Fixed at creation, as openapi-fetch reads them there.
  const ClientRequest = options.Request ?? Request;
  const headers: Init = { Accept: 'application/json', ...(auth && { [auth.name]: auth.value }) };
  const typeHeader = { 'Content-Type': options.bodyType ?? 'application/json' };
  const bodyHeaders = { ...typeHeader, ...headers };
  const middlewares: Middleware[] = [];
  // Time-limit controllers of finished calls, never aborted, for later calls: on Node 20 making an
  // AbortSignal costs more than the rest of a call's own work (fetch also raises each new signal's
  // listener limit). Only from a call whose body was read and whose signal only fetch and retry's
  // sleep saw (no caller's signal, middleware or custom fetch): fetch ignores an abort once its
  // response is read, as it does for a caller's signal shared by many calls, and a sleep that
  // ended has nothing left to reject. A finished fetch's listener stays on the signal until it is
  // collected, so a controller serves REUSES calls at most.
  const spare: Lease[] = [];
  /** A failure below HTTP of a request, its URL shown as a Request shows it, without the query. */
  const failed = (kind: NetworkErrorKind, sent: { method: string; url: string }, detail: string, cause?: unknown) =>
    new ClientNetworkError(kind, sent.method, shown(sent.url), cause ? `${detail}: ${reason(cause)}` : detail, cause);

  // One attempt, as openapi-fetch's coreFetch makes it, middleware included; `answered` learns
  // whether anything but fetch saw the signal. Failures of fetch itself become ClientNetworkError; an aborted request
  // rejects with its signal's reason (our timeout error, or the caller's own, unchanged).
  async function attempt(method: string, schemaPath: string, init: Init, deadline: AbortSignal | undefined, answered: Answered): Promise<Result> {
    const {
      baseUrl: callBaseUrl,
      fetch: callFetch,
      Request: CallRequest,
      headers: callHeaders,
      params = {},
      parseAs = 'json',
      querySerializer: callQuery,
      bodySerializer = defaultBodySerializer,
      pathSerializer: callPath = path,
      body,
      middleware = [],
      ...rest
    } = init;
    const finalBaseUrl = callBaseUrl ? callBaseUrl.replace(/\/$/, '') : baseUrl;
    const query = typeof callQuery === 'function' ? callQuery : createQuerySerializer(callQuery);
    // Without headers of the call, the merged headers are the fixed ones, and openapi-fetch's body
    // serializer reads nothing from them (it looks for a form Content-Type, which they lack).
    const merged = callHeaders || params.header;
    const serialized =
      body === undefined
        ? undefined
        : bodySerializer(body, merged || bodySerializer !== defaultBodySerializer ? mergeHeaders(headers, callHeaders, params.header) : undefined);
    const noType = serialized === undefined || serialized instanceof FormData;
    const requestInit: Init = {
      ...rest,
      redirect: 'manual',
      method,
      body: serialized,
      headers: merged ? mergeHeaders(noType ? {} : typeHeader, headers, callHeaders, params.header) : noType ? headers : bodyHeaders,
    };
    // openapi-fetch's createFinalURL: path parameters filled in over the whole URL, then the query.
    let url = params.path ? callPath(finalBaseUrl + schemaPath, params.path) : finalBaseUrl + schemaPath;
    let search: string = query(params.query ?? {});
    if (search[0] === '?') search = search.slice(1);
    if (search) url += `?${search}`;
    const list = [...middlewares, ...middleware];
    const customFetch = callFetch ?? options.fetch;
    const Constructor = CallRequest ?? ClientRequest;
    const id = list.length ? Math.random().toString(36).slice(2, 11) : '';
    const frozen = list.length && Object.freeze({ baseUrl: finalBaseUrl, fetch: customFetch ?? fetch, parseAs, querySerializer: query, bodySerializer, pathSerializer: callPath });
    // Runs one hook of every middleware (in reverse for the answer's), as openapi-fetch does; each
    // gets the request, response or error as the middleware before it left them. A Response
    // replaces the answer (and, but from onResponse, ends the run); onRequest may return a new
    // Request, onError a new Error; anything else is refused, naming the hook.
    const hooks = async (name: 'onRequest' | 'onResponse' | 'onError') => {
      for (const m of name === 'onRequest' ? list : [...list].reverse()) {
        const args = name === 'onRequest' ? {} : name === 'onResponse' ? { response } : { error: failure };
        const result = typeof m?.[name] === 'function' && (await (m[name] as (options: Init) => unknown)({ request, ...args, schemaPath, params, options: frozen, id }));
        if (!result) continue;
        if (result instanceof Response) {
          response = result;
          failure = undefined;
          if (name === 'onResponse') continue;
          break;
        }
        if (name === 'onRequest' && result instanceof Constructor) request = result as Sent;
        else if (name === 'onError' && result instanceof Error) failure = result;
        else throw new Error(`${name}: must return ${HOOK_RESULTS[name]}`);
      }
    };
    let response: Response | undefined;
    let failure: unknown;
    // Nothing but fetch sees a plain call: fetch(url, init) builds its one Request (the deadline
    // already follows the caller's signal). What the Request constructor would refuse, or what
    // anything else is to see, gets a real Request.
    let plain =
      !list.length &&
      !customFetch &&
      Constructor === Request &&
      !callBaseUrl &&
      (rest.signal == null || rest.signal instanceof AbortSignal) &&
      // fetch refuses TRACE, and a body on GET or HEAD: the Request constructor says so, as before.
      method !== 'TRACE' &&
      (serialized === undefined || (typeof serialized === 'string' && method !== 'GET' && method !== 'HEAD'));
    for (const key in rest) plain &&= key === 'signal';
    let request = (plain ? { method, url } : new Constructor(url, requestInit)) as Sent;
    if (plain) requestInit.signal = deadline ?? rest.signal;
    else {
      answered.shared = true;
      // openapi-fetch copies a call's unknown options onto the Request, for middleware to read.
      for (const key in rest) if (!(key in request)) (request as Init)[key] = rest[key];
      // The deadline goes to fetch's own init, not to this Request: a Request with a signal follows
      // it through a WeakRef and a finalizer, and fetch builds its own Request from ours anyway.
      if (deadline) request.timeoutSignal = deadline;
      if (list.length) await hooks('onRequest');
    }
    if (!response) {
      const sent = request;
      const signal = plain ? requestInit.signal : sent.timeoutSignal;
      const stop = signal ?? sent.signal;
      try {
        response = await (plain ? dispatch(() => fetch(url, requestInit)) : ((customFetch ?? fetch) as typeof fetch)(sent, signal && { signal }));
        response = checked(sent, response, stop, customFetch);
      } catch (error) {
        // What checked() refused, or the call's signal ended, as it is; else fetch's own failure.
        failure = error;
        if (!response && !stop?.aborted) failure = failed('network', sent, 'failed', redact(error));
      }
      if (failure) {
        await hooks('onError');
        if (failure) throw failure;
      }
      if (list.length) await hooks('onResponse');
    }
    // The result as openapi-fetch makes it.
    const res = response!;
    const key = res.ok ? 'data' : 'error';
    if (res.status === 204 || request.method === 'HEAD' || (res.headers.get('Content-Length') === '0' && !res.headers.get('Transfer-Encoding')?.includes('chunked'))) {
      return { [key]: undefined, response: res };
    }
    const other = res.ok && parseAs !== 'json';
    if (other && parseAs === 'stream') return { data: res.body, response: res };
    let raw: string;
    try {
      raw = await (other ? (res as unknown as Record<string, () => Promise<string>>)[parseAs]!() : res.text());
    } catch (error) {
      // fetch fails a body cut short (a reset, a bad encoding) with `TypeError: terminated`.
      throw error instanceof TypeError ? failed('network', request, 'response body failed', redact(error)) : error;
    }
    if (other) return { data: raw, response: res };
    let parsed: unknown = raw;
    try {
      parsed = raw || !res.ok ? JSON.parse(raw) : undefined;
    } catch {
      // openapi-fetch's JSON.parse of a success body quotes the body's start, which could be
      // anything the server echoed; name the URL that answered instead (no query string). An error
      // body JSON.parse refused stays the text it was (D's plain-string failures).
      if (res.ok) throw new SyntaxError(`${method} ${shown(request.url)}: body is not JSON (see parseAs)`);
    }
    // A parsed body is held to `integers` (never handed back with an integer rounded: unsafe-integers.ts).
    if (parsed !== raw && parsed !== undefined) integers?.(raw, request);
    return { [key]: parsed, response: res };
  }

  // What every answer is held to: no redirect, a bounded body.
  function checked(sent: { method: string; url: string }, response: Response, signal: AbortSignal | null | undefined, customFetch: unknown): Response {
    const { status, headers, body } = response;
    const fail = (kind: NetworkErrorKind, detail: string) => {
      // Unread, the connection would stay busy (once piped, the pipe cancels it).
      if (body && !body.locked) body.cancel().catch(() => {});
      return failed(kind, sent, detail);
    };
    // Section 1: "HTTPS is used". No redirect is followed (redirect is always 'manual'): one would
    // resend the body and the credentials wherever its Location points, plain http or another origin.
    // A browser answers a manual redirect with an `opaqueredirect` Response: status 0, no headers.
    if (!status || (status > 299 && status < 400 && headers.has('location')) || response.redirected) {
      throw fail('redirect', `got ${status || '0, a redirect the browser hid'}: redirects are not followed`);
    }
    const length = headers.get('content-length');
    const tooLarge = () => fail('response-too-large', `response body over maxResponseBytes (${maxResponseBytes})`);
    if (+length! > maxResponseBytes) throw tooLarge();
    // fetch holds a body to its Content-Length; a body without one, a decoded one, or one from a
    // custom fetch is counted as it streams.
    if (!body || (length && !customFetch && !headers.has('content-encoding'))) return response;
    let seen = 0;
    // fetch does not always end a body when the call's signal aborts (a gzip-labelled body that
    // is not gzip, delimited by the connection's close, hangs on): the signal ends this stream.
    let abort: () => void;
    const counted = body.pipeThrough(
      new TransformStream({
        start: (controller) => signal?.addEventListener('abort', (abort = () => controller.error(signal.reason))),
        flush: () => signal?.removeEventListener('abort', abort),
        transform(chunk: Uint8Array, controller) {
          if ((seen += chunk.byteLength) > maxResponseBytes) throw tooLarge();
          controller.enqueue(chunk);
        },
      }),
    );
    return Object.defineProperty(new Response(counted, response), 'url', { value: response.url });
  }

  async function call(method: string, url: string, init: Init = {}): Promise<Result> {
    const userSignal = init.signal ?? undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let deadline: AbortSignal | undefined;
    let lease: Lease | undefined;
    if (timeoutMs) {
      lease = spare.pop() ?? [new AbortController(), 0];
      const [controller] = lease;
      timer = setTimeout(() => {
        controller.abort(new ClientNetworkError('timeout', method, baseUrl + url, `timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      deadline = userSignal ? AbortSignal.any([userSignal, controller.signal]) : controller.signal;
    }
    const signal = deadline ?? userSignal;
    const ends = timeoutMs ? Date.now() + timeoutMs : Infinity;
    const answered: Answered = { shared: !!userSignal };
    try {
      let result = await attempt(method, url, init, deadline, answered);
      for (let retries = 0; retry && retries < retry.max && result.response.status === 429; retries++) {
        const wait = retry.delayMs(result.response.headers);
        // A retry never outlives the call's time limit: past it, the 429 is the answer.
        if (wait === undefined || Date.now() + wait >= ends) break;
        await retry.sleep(wait, signal);
        result = await attempt(method, url, init, deadline, answered);
      }
      // timeoutMs covers a body read as a stream too: the timer stops when the stream ends.
      const { data } = result;
      if (timer && data instanceof ReadableStream) {
        const streamTimer = timer;
        timer = undefined;
        result.data = data.pipeThrough(new TransformStream({ flush: () => clearTimeout(streamTimer) }));
      } else if (lease && !answered.shared && result.response.bodyUsed && ++lease[1] < REUSES && spare.length < SPARES) {
        clearTimeout(timer);
        timer = undefined;
        spare.push(lease);
      }
      return result;
    } catch (error) {
      // Our timeout error, and the caller's own abort reason, unchanged. Our other errors pass the
      // redactor below, which hands back one that shows no credential unchanged (an unsafe-integer
      // error carries the answer's text, which could echo one).
      throw signal?.aborted && error === signal.reason ? error : redact(error);
    } finally {
      clearTimeout(timer);
    }
  }

  const client: Init = {
    // Through the methods as they stand: a client that wraps its methods (D's template, B's description) wraps this too.
    request: (method: string, url: string, init?: Init) => client[method.toUpperCase()](url, init),
    use(...list: Middleware[]) {
      for (const m of list) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
          throw new Error('Middleware must be an object with onRequest, onResponse or onError');
        }
        middlewares.push(m);
      }
    },
    eject(...list: Middleware[]) {
      for (const m of list) {
        const i = middlewares.indexOf(m);
        if (i !== -1) middlewares.splice(i, 1);
      }
    },
    [REDACT]: redact,
  };
  for (const method of METHODS) client[method] = (url: string, init?: Init) => call(method, url, init);
  return client as StrictClient<Paths>;
}
