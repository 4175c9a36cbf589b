// Assembles an openapi-fetch client with what the interfaces need and nothing on the hot path that
// could be done once: base URL, auth and Accept headers are fixed at creation; per call there is
// one timer, one AbortController and one options object, and fetch builds the only Request.
import createClient, { defaultPathSerializer, type Middleware } from 'openapi-fetch';
import { type Auth, authHeader } from './auth.js';
import { resolveBaseUrl } from './base-url.js';
import { ClientNetworkError, createRedactor, type NetworkErrorKind } from './errors.js';
import type { RetryPolicy } from './retry.js';
import type { StrictClient } from './strict-client.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Where a client keeps its redactor, for the throw-on-error mode (throw-on-error.ts). */
export const REDACT = Symbol('redact');
/**
 * 16 MiB: far above any documented response (a message, a list of a campaign's items), far
 * below what makes `response.text()` and `JSON.parse` exhaust the heap (a ~280 MB body did).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

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
  /** A Request constructor for openapi-fetch to use (A's client sets its vendor media type with it). */
  Request?: typeof Request;
  /** 429 handling, for an interface that documents it (see retryPolicy()). */
  retry?: RetryPolicy | undefined;
}

type Init = Record<string, unknown> & { signal?: AbortSignal | null; timeoutSignal?: AbortSignal; exchange?: Exchange };
/** What a call learns from the transport: the URL that answered, once a response has arrived. */
type Exchange = { url?: string };

/** A request URL as errors show it: normalised as a Request would (a plain request's url is not), no query. */
const shown = (url: string) => new URL(url).href.split('?')[0]!;
type Result = { response: Response };
type Invoke = (url: string, init: Init) => Promise<Result>;

// openapi-fetch builds a Request per call and fetch builds a second one from it (for a body,
// through a TransformStream): most of what bare openapi-fetch costs over fetch(url, init). When
// nothing but our transport sees the request (no custom Request or fetch, no middleware),
// openapi-fetch is given this constructor instead: for a plain call it makes a record of
// openapi-fetch's arguments, from which the transport calls fetch(url, init), and fetch builds the
// one Request. Anything else (a RequestInit extra, a method or body the Request constructor could
// refuse) gets a real Request, so what the constructor throws is thrown where it always was.
interface PlainRequest {
  url: string;
  init: Init;
  method: string;
  signal: AbortSignal | null | undefined;
}
function PlainRequest(this: PlainRequest, url: string, init: Init): Request | void {
  const { method, body } = init as { method: string; body: unknown };
  if (
    init.redirect !== 'manual' ||
    !(init.signal == null || init.signal instanceof AbortSignal) ||
    !Object.keys(init).every((key) => /^(redirect|method|body|headers|signal|timeoutSignal|exchange)$/.test(key)) ||
    !/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(method) ||
    (body !== undefined && (typeof body !== 'string' || /^(GET|HEAD)$/.test(method)))
  ) {
    return new Request(url, init as RequestInit);
  }
  this.url = url;
  this.init = init;
  this.method = method;
  // The call's deadline, which already follows the caller's signal.
  this.signal = init.signal = init.timeoutSignal ?? init.signal;
}

export function createCoreClient<Paths extends {}>(options: CoreClientOptions): StrictClient<Paths> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES } = options;
  // setTimeout fires at once for delays above 2^31 - 1 ms.
  if (!(timeoutMs >= 0 && timeoutMs < 2 ** 31)) throw new RangeError('timeoutMs must be 0 to 2^31-1 ms');
  if (!(Number.isInteger(maxResponseBytes) && maxResponseBytes > 0)) throw new RangeError('maxResponseBytes must be a positive integer');
  // Only `true` opts in: anything else leaves http to a remote host refused, naming the option.
  const baseUrl = resolveBaseUrl(options.baseUrl, options.basePath, options.allowInsecureHttp) + (options.pathPrefix ?? '');
  const auth = options.auth && authHeader(options.auth);
  const redact = createRedactor(auth?.secrets ?? []);
  const { retry } = options;

  // Failures of fetch itself become ClientNetworkError. An aborted request rejects with its
  // signal's reason: our timeout error, or the caller's own reason, passed on unchanged.
  //
  // The call's deadline signal reaches fetch as `request.timeoutSignal` (openapi-fetch copies
  // unknown init keys onto the Request) and is given to fetch's own init, not to openapi-fetch's
  // Request: a Request built with a signal follows it through a WeakRef and a finalizer, and
  // fetch builds its own Request from ours anyway, so passing it once, there, keeps a call as
  // cheap as a bare openapi-fetch call. A PlainRequest carries it in its init.
  const transport = async (
    request: (Request | PlainRequest) & Pick<Init, 'timeoutSignal' | 'exchange'>,
    customFetch = options.fetch,
  ): Promise<Response> => {
    const signal = request.timeoutSignal;
    let response: Response;
    try {
      response = await (request instanceof PlainRequest
        ? fetch(request.url, (request as PlainRequest).init as RequestInit)
        : (customFetch ?? fetch)(request as Request, signal && { signal }));
    } catch (error) {
      if (signal?.aborted || request.signal?.aborted) throw error;
      const cause = redact(error) as Error;
      let reason: string;
      try {
        // fetch's TypeError says "fetch failed"; its cause says why.
        reason = String((cause?.cause as Error)?.message ?? cause);
      } catch {
        reason = 'a value without a string form'; // e.g. an object without a prototype
      }
      throw new ClientNetworkError('network', request.method, shown(request.url), `failed: ${reason}`, cause);
    }
    const { status, headers, body } = response;
    if (request.exchange) request.exchange.url = request.url;
    const fail = (kind: NetworkErrorKind, detail: string) => {
      // Unread, the connection would stay busy (once piped, the pipe cancels it).
      if (body && !body.locked) body.cancel().catch(() => {});
      return new ClientNetworkError(kind, request.method, shown(request.url), detail);
    };
    // Section 1: "HTTPS is used". No redirect is followed (see call()): one would resend the body
    // and the credentials wherever its Location points, plain http or another origin included.
    if ((status > 299 && status < 400 && headers.has('location')) || response.redirected) {
      throw fail('redirect', `got ${status}: redirects are not followed`);
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
    const stop = signal ?? request.signal;
    let abort = () => {};
    const counted = body.pipeThrough(
      new TransformStream({
        start(controller) {
          abort = () => controller.error(stop?.reason);
          stop?.addEventListener('abort', abort);
        },
        flush: () => stop?.removeEventListener('abort', abort),
        transform(chunk: Uint8Array, controller) {
          if ((seen += chunk.byteLength) > maxResponseBytes) throw tooLarge();
          controller.enqueue(chunk);
        },
      }),
    );
    return Object.defineProperty(new Response(counted, response), 'url', { value: response.url });
  };

  // Off for good once a middleware is added (it may read or replace the Request).
  let plain = !options.Request && !options.fetch;

  const client = createClient<Paths>({
    baseUrl,
    headers: { Accept: 'application/json', ...(auth && { [auth.name]: auth.value }) },
    fetch: transport,
    // A path parameter "." or ".." would be a dot segment, resolved away by the URL parser, and
    // no encoding survives it (the WHATWG parser reads %2E as "." too): refused, not sent.
    pathSerializer(path, params) {
      for (const name in params) {
        if (/^\.\.?$/.test(String(params[name]))) throw new TypeError(`path parameter ${name} must not be "." or ".."`);
      }
      return defaultPathSerializer(path, params);
    },
    ...(options.Request && { Request: options.Request }),
  });

  async function call(invoke: Invoke, method: string, url: string, init: Init | undefined): Promise<Result> {
    const userSignal = init?.signal ?? undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let signal = userSignal;
    if (timeoutMs) {
      const controller = new AbortController();
      timer = setTimeout(() => {
        controller.abort(new ClientNetworkError('timeout', method, baseUrl + url, `timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      signal = userSignal ? AbortSignal.any([userSignal, controller.signal]) : controller.signal;
    }
    const deadline = timeoutMs ? Date.now() + timeoutMs : Infinity;
    // Never 'follow', whatever the call asks (see transport).
    const exchange: Exchange = {};
    const callInit: Init = { ...init, redirect: 'manual', exchange };
    // A per-call fetch goes through the transport too, so its answers are held to the same rules.
    const callFetch = init?.fetch as CommonClientOptions['fetch'];
    if (callFetch) callInit.fetch = (request: Request) => transport(request, callFetch);
    if (signal !== userSignal) callInit.timeoutSignal = signal;
    // A per-call fetch or middleware sees the Request too, a per-call Request is the caller's, and
    // a per-call baseUrl could make a URL the Request constructor refuses.
    if (plain && !init?.fetch && !init?.middleware && !init?.baseUrl) callInit.Request ??= PlainRequest;
    try {
      let result = await invoke(url, callInit);
      for (let retries = 0; retry && retries < retry.max && result.response.status === 429; retries++) {
        const wait = retry.delayMs(result.response.headers);
        // A retry never outlives the call's time limit: past it, the 429 is the answer.
        if (wait === undefined || Date.now() + wait >= deadline) break;
        await retry.sleep(wait, signal);
        result = await invoke(url, callInit);
      }
      // timeoutMs covers a body read as a stream too: the timer stops when the stream ends.
      const { data } = result as { data?: unknown };
      if (timer && data instanceof ReadableStream) {
        const streamTimer = timer;
        timer = undefined;
        (result as { data?: unknown }).data = data.pipeThrough(new TransformStream({ flush: () => clearTimeout(streamTimer) }));
      }
      return result;
    } catch (error) {
      // Our timeout error, and the caller's own abort reason, unchanged.
      if (error instanceof ClientNetworkError || (signal?.aborted && error === signal.reason)) throw error;
      // fetch fails a body cut short (a reset, a bad encoding) with `TypeError: terminated`.
      if (exchange.url && error instanceof TypeError) {
        throw new ClientNetworkError('network', method, shown(exchange.url), 'response body failed', redact(error));
      }
      // openapi-fetch's JSON.parse of a success body quotes the body's start, which could be
      // anything the server echoed; name the URL that answered instead (no query string).
      throw error instanceof SyntaxError
        ? new SyntaxError(`${method} ${exchange.url ? shown(exchange.url) : baseUrl + url}: body is not JSON (see parseAs)`)
        : redact(error);
    } finally {
      clearTimeout(timer);
    }
  }

  // Every HTTP method of openapi-fetch's client (its upper-case keys) goes through call().
  const wrapped: Record<string, unknown> = { ...client };
  for (const method of Object.keys(client)) {
    const invoke = (client as unknown as Record<string, Invoke>)[method]!;
    if (method === method.toUpperCase()) wrapped[method] = (url: string, init?: Init) => call(invoke, method, url, init);
  }
  wrapped.use = (...middleware: Middleware[]) => {
    plain = false;
    client.use(...middleware);
  };
  wrapped.request = (method: string, url: string, init?: Init) =>
    (wrapped[method.toUpperCase()] as (url: string, init?: Init) => Promise<Result>)(url, init);
  wrapped[REDACT as unknown as string] = redact;
  return wrapped as unknown as StrictClient<Paths>;
}
