// What both handler forms share: the order of checks, the answers, and the call of the user's
// handler. The adapters (node.ts, fetch.ts) only move bytes and headers.
import { exceedsDepth, hasUtf8Charset, isChunkedOnly, isIdentityEncoding, propertyOf, scanJsonText } from '@messaging-contracts/validators';
import { type ErrorShape, type RejectionReason, rejections } from './error-bodies.js';
import { createTimeLimit, timedOut } from './time-limit.js';
import type { Violation } from './violations.js';

/** What `onError` receives: never headers, URL or body, which may carry credentials or personal data. */
export interface ReceiverErrorEvent {
  /** The HTTP status answered. */
  status: number;
  reason: RejectionReason;
  /** For `invalid_body`: what broke the schema; for `duplicate_key`: the repeated key. */
  violations?: readonly Violation[];
  /** For `handler_failed`: what your handler threw. */
  error?: unknown;
}

/**
 * What `authenticate` sees of a request, the same in both forms. `url` is the path and query as
 * received (in the Node form `req.originalUrl` where Express or Connect set it); `remoteAddress` is the peer's address in the Node form (undefined in the fetch form,
 * where a Request carries none).
 */
export interface CallbackRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly remoteAddress?: string;
}

/**
 * Whether a request comes from the service: true accepts it; anything else is refused 401. A hook
 * may carry `challenge`, the `WWW-Authenticate` value its 401 sends (RFC 9110 section 11.6.1: a 401
 * carries one for an HTTP authentication scheme); `basicCredentials` sets it. One line of visible
 * ASCII, checked when the receiver is made.
 */
export type Authenticate = ((request: CallbackRequest) => boolean | Promise<boolean>) & { readonly challenge?: string };

export interface CommonReceiverOptions {
  /**
   * Called first, before the body is read. Section 5 does not show how the service authenticates
   * itself, so this is your choice (see `basicCredentials`, `secretPathSegment`,
   * `addressAllowlist`). Resolving anything but `true` answers 401 in the interface's shape;
   * throwing, or not settling within `handlerTimeoutMs`, answers 500. Default: none (every sender accepted).
   */
  authenticate?: Authenticate;
  /** Largest accepted body in bytes; larger ones get 413. Default 65536 (64 KiB). */
  maxBodyBytes?: number;
  /**
   * Longest wait for your handler, in milliseconds; a handler still running then is answered as a
   * failure (500) and the callback is not acknowledged. Default 10000 (10 s).
   */
  handlerTimeoutMs?: number;
  /**
   * Longest time to receive the body once the receiver starts reading it, in milliseconds; a body
   * still incomplete then is answered 408 and the connection closed. Default 10000 (10 s). Not
   * every server bounds it (Fastify sets no limit by default).
   */
  bodyTimeoutMs?: number;
  /** Told about every refused callback (4xx, 5xx). Its own failures are ignored. */
  onError?: (event: ReceiverErrorEvent) => void;
}

/** An answer, independent of the server API. `body` is `''` for none. */
export interface Reply {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** What a parsed body means: a handler to call with the typed value, or a refusal. */
export type Verdict =
  | { ok: true; value: unknown; handler: (value: never) => void | Promise<void> }
  | { ok: false; reason: 'invalid_body' | 'ambiguous_body'; violations?: Violation[]; detail?: string };

export interface Core {
  readonly maxBodyBytes: number;
  /** Calls `expire` once `bodyTimeoutMs` have passed since the call, unless the returned function is called first. */
  bodyDeadline(expire: () => void): () => void;
  /** The refusal for a request `authenticate` does not accept, else undefined; absent without the option. */
  readonly authenticate?: (request: CallbackRequest) => Promise<Reply | undefined>;
  /**
   * The answer for a request refused on its method or headers alone, else `undefined`. Pass
   * `contentEncoding` only when the body's bytes will be read as sent (not for a body a framework
   * has already decoded and parsed). `transferEncoding` is checked in every case: no parser
   * decodes a transfer coding but `chunked`.
   */
  preflight(
    method: string | undefined,
    contentType: string | null | undefined,
    contentLength: string | null | undefined,
    contentEncoding: string | null | undefined,
    transferEncoding: string | null | undefined,
  ): Reply | undefined;
  refuse(reason: RejectionReason): Reply;
  fromBytes(bytes: Uint8Array): Promise<Reply>;
  /** A body already parsed, checked as it is (the shared B address's second step). */
  fromValue(value: unknown): Promise<Reply>;
  /**
   * For bodies a framework has already parsed (Express with `express.json()`): the size limit
   * still holds, counted on the body serialised again, since the bytes are gone (a chunked body
   * declares no length). For a callback's strings and literals that count is at most the bytes
   * sent (whitespace and escapes only shrink), so no body within the limit is refused; only a
   * number can grow (`1e20`), and B's and C's callbacks carry none (sections 2.2, 2.3).
   */
  fromParsed(value: unknown): Promise<Reply>;
}

export const defaultMaxBodyBytes = 64 * 1024;

const jsonHeaders = { 'content-type': 'application/json' } as const;

// RFC 8259 section 8.1: JSON between systems is UTF-8; invalid UTF-8 is not a JSON text.
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();

/**
 * `application/json`, any case, parameters allowed; a `charset` parameter must name UTF-8.
 * Anything else (no header, `text/plain`, `application/x-www-form-urlencoded`) is not.
 */
export function isJsonContentType(value: string | null | undefined): boolean {
  if (!value) return false;
  if (value === 'application/json') return true;
  const semicolon = value.indexOf(';');
  const type = semicolon === -1 ? value : value.slice(0, semicolon);
  return type.trim().toLowerCase() === 'application/json' && hasUtf8Charset(value);
}

export function checkMaxBodyBytes(value: unknown): number {
  if (value === undefined) return defaultMaxBodyBytes;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`maxBodyBytes must be a positive integer number of bytes; got ${String(value)}`);
  }
  return value;
}

export const defaultHandlerTimeoutMs = 10_000;
export const defaultBodyTimeoutMs = 10_000;

// setTimeout's largest delay; a longer one fires at once.
const maxTimerMs = 2 ** 31 - 1;

export function checkTimeoutMs(name: 'handlerTimeoutMs' | 'bodyTimeoutMs', value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > maxTimerMs) {
    throw new RangeError(`${name} must be an integer number of milliseconds from 1 to ${maxTimerMs}; got ${String(value)}`);
  }
  return value;
}

export function checkFunction(name: string, value: unknown, optional = false): void {
  if (optional && value === undefined) return;
  if (typeof value !== 'function') throw new TypeError(`${name} must be a function; got ${typeof value}`);
}

export interface CoreSetup {
  options: CommonReceiverOptions;
  /**
   * Whether the spec document states that the callback is sent with `Content-Type:
   * application/json` (section 4.2, B's status callback only): then a request without the header
   * is refused. Where it is not stated, a missing header is read as JSON, since every body is JSON
   * (the document's opening); a header naming another media type is refused either way (README,
   * "Answers").
   */
  contentTypeStated: boolean;
  errorShape: ErrorShape;
  /** Headers of the 200 answer (C: X-RateLimit-Limit). */
  successHeaders: Readonly<Record<string, string>>;
  interpret: (value: unknown) => Verdict;
}

export function createCore({ options, contentTypeStated, errorShape, successHeaders, interpret }: CoreSetup): Core {
  const maxBodyBytes = checkMaxBodyBytes(options.maxBodyBytes);
  const timeLimit = createTimeLimit(checkTimeoutMs('handlerTimeoutMs', options.handlerTimeoutMs, defaultHandlerTimeoutMs));
  // A sender trickling its body would otherwise hold the connection as long as the server lets it.
  const bodyTimeLimit = createTimeLimit(checkTimeoutMs('bodyTimeoutMs', options.bodyTimeoutMs, defaultBodyTimeoutMs));
  checkFunction('onError', options.onError, true);
  checkFunction('authenticate', options.authenticate, true);
  const onError = options.onError;

  const success: Reply = { status: 200, headers: successHeaders, body: '' };

  // Refusals that do not depend on the body are serialised once.
  const fixed = new Map<RejectionReason, Reply>();
  const reply = (reason: RejectionReason, violations?: Violation[], detail?: string): Reply => ({
    status: rejections[reason].status,
    headers:
      reason === 'method_not_allowed'
        ? { ...jsonHeaders, allow: 'POST' }
        : // RFC 9110 section 15.5.16: say which codings would be accepted.
          reason === 'unsupported_encoding'
          ? { ...jsonHeaders, 'accept-encoding': 'identity' }
          : jsonHeaders,
    body: errorShape(reason, violations, detail),
  });
  for (const reason of Object.keys(rejections) as RejectionReason[]) {
    fixed.set(reason, reply(reason, undefined, reason === 'body_too_large' ? `at most ${maxBodyBytes} bytes are accepted` : undefined));
  }
  // The hook's challenge on its 401 (a value a header can carry: Node would throw on CR or LF when answering).
  const challenge = options.authenticate?.challenge;
  if (challenge !== undefined) {
    if (typeof challenge !== 'string' || !/^[\x21-\x7e][\x20-\x7e]*$/.test(challenge)) {
      throw new TypeError('authenticate.challenge must be one line of visible ASCII (a WWW-Authenticate value)');
    }
    const refusal = fixed.get('unauthenticated')!;
    fixed.set('unauthenticated', { ...refusal, headers: { ...refusal.headers, 'www-authenticate': challenge } });
  }

  function notify(event: ReceiverErrorEvent): void {
    if (!onError) return;
    try {
      onError(event);
    } catch {
      // A failing logger must not change the answer the sender gets.
    }
  }

  function refuse(reason: RejectionReason): Reply {
    const answer = fixed.get(reason)!;
    notify({ status: answer.status, reason });
    return answer;
  }

  async function fromValue(value: unknown): Promise<Reply> {
    const verdict = interpret(value);
    if (!verdict.ok) {
      const answer = reply(verdict.reason, verdict.violations, verdict.detail);
      notify({ status: answer.status, reason: verdict.reason, ...(verdict.violations ? { violations: verdict.violations } : {}) });
      return answer;
    }
    try {
      const pending = verdict.handler(verdict.value as never);
      // A synchronous handler has finished already; only a promise needs the time limit.
      if (pending && typeof pending.then === 'function' && (await timeLimit.within(pending)) === timedOut) {
        return refuse('handler_timeout');
      }
    } catch (error) {
      // The sender learns only that it failed; what was thrown goes to onError alone.
      const answer = fixed.get('handler_failed')!;
      notify({ status: answer.status, reason: 'handler_failed', error });
      return answer;
    }
    return success;
  }

  function fromParsed(value: unknown): Promise<Reply> {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      // Nesting too deep for JSON.stringify's recursion (some 10 000 levels, which JSON.parse
      // reads): far past the depth bound, as the body would be without the parser.
      return Promise.resolve(refuse('body_too_deep'));
    }
    if (text !== undefined && exceedsDepth(text)) return Promise.resolve(refuse('body_too_deep'));
    // One UTF-16 unit is 1 to 3 UTF-8 bytes: encode only when the length alone cannot tell.
    if (text !== undefined && text.length * 3 > maxBodyBytes && (text.length > maxBodyBytes || utf8Encoder.encode(text).byteLength > maxBodyBytes)) {
      return Promise.resolve(refuse('body_too_large'));
    }
    return fromValue(value);
  }

  const hook = options.authenticate;
  async function authenticate(request: CallbackRequest): Promise<Reply | undefined> {
    try {
      const verdict = hook!(request);
      const settled = verdict && typeof (verdict as Promise<boolean>).then === 'function' ? await timeLimit.within(verdict as Promise<boolean>) : verdict;
      if (settled === timedOut) return refuse('authenticate_failed');
      return settled === true ? undefined : refuse('unauthenticated');
    } catch (error) {
      const answer = fixed.get('authenticate_failed')!;
      notify({ status: answer.status, reason: 'authenticate_failed', error });
      return answer;
    }
  }

  return {
    maxBodyBytes,
    bodyDeadline: bodyTimeLimit.start,
    ...(hook ? { authenticate } : {}),
    refuse,
    fromValue,
    fromParsed,
    preflight(method, contentType, contentLength, contentEncoding, transferEncoding) {
      if (method !== 'POST') return refuse('method_not_allowed');
      const unlabelled = contentType === null || contentType === undefined || contentType === '';
      if (unlabelled ? contentTypeStated : !isJsonContentType(contentType)) return refuse('unsupported_media_type');
      if (!isIdentityEncoding(contentEncoding)) return refuse('unsupported_encoding');
      // Node decodes `chunked` alone and hands over `gzip, chunked` with the gzip undone.
      if (!isChunkedOnly(transferEncoding)) return refuse('unsupported_transfer_coding');
      // A declared length over the limit is refused before reading; the adapters still count bytes.
      if (contentLength && Number(contentLength) > maxBodyBytes) return refuse('body_too_large');
      // Checked here, not only on the bytes: a parser upstream may have turned an empty body into `{}`.
      if (contentLength === '0') return refuse('empty_body');
      return undefined;
    },
    fromBytes(bytes) {
      if (bytes.byteLength === 0) return Promise.resolve(refuse('empty_body'));
      // The adapters stop reading at the limit; this catches bodies handed over whole (Express's raw parser).
      if (bytes.byteLength > maxBodyBytes) return Promise.resolve(refuse('body_too_large'));
      let value: unknown;
      let duplicateKey: string | undefined;
      try {
        const text = utf8.decode(bytes);
        // Bounded in depth as in bytes (MAX_JSON_DEPTH), before anything walks it; the same pass
        // finds a repeated key, reported once JSON.parse has accepted the text.
        const scan = scanJsonText(text);
        if (scan.tooDeep) return Promise.resolve(refuse('body_too_deep'));
        value = JSON.parse(text);
        duplicateKey = scan.duplicateKey;
      } catch {
        // Parser messages can quote the body; the sender gets the fixed text only.
        return Promise.resolve(refuse('malformed_json'));
      }
      if (duplicateKey !== undefined) {
        // RFC 8259 section 4: JSON.parse kept the last value, another reader of the same body may
        // keep the first (`failed`, then `received`); neither is handed on (README, "Answers").
        const violations: Violation[] = [
          { pointer: duplicateKey, property: propertyOf(duplicateKey), rule: 'duplicate-key', message: 'must appear once in its object (rule duplicate-key)' },
        ];
        const answer = reply('duplicate_key', violations);
        notify({ status: answer.status, reason: 'duplicate_key', violations });
        return Promise.resolve(answer);
      }
      return fromValue(value);
    },
  };
}
