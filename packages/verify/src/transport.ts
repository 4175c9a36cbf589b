// Every request the verifier sends goes through here: the request budget, pacing, 429 with
// RetryAfter (section 8), the dry run, a time and size bound on each answer, and the redacted curl
// reproduction of each request. Credentials are added here and nowhere else.
import { bareNameOf, type Naming } from './option-names.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeFetchFailure, fetchFailureCode } from '@messaging-contracts/sandbox';
import type { ApiId, Auth } from './contract.js';
import { type Credentials, CREDENTIAL_SOURCES, WRONG_API_KEY, WRONG_BASIC } from './credentials.js';
import { parseExact } from './exact-json.js';
import { letterOf } from './sections.js';

export type CredentialUse = 'valid' | 'missing' | 'wrong';

export interface OutgoingRequest {
  /** `<id>.<operationId>` */
  operation: string;
  api: ApiId;
  method: string;
  url: string;
  /** Headers other than the credential. */
  headers: Record<string, string>;
  auth?: Auth;
  credentials: CredentialUse;
  body?: string;
  /** The operation documents 429 (C, section 8): a 429 is waited out and the request sent again; elsewhere it is checked as it is. */
  retryOn429?: boolean;
}

export interface Exchange {
  request: OutgoingRequest;
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, when it is JSON. */
  json?: unknown;
  /** The same, with integers beyond 2^53 as strings of their digits (JSON.parse would round them), when it has any: what the workflows read. */
  exact?: unknown;
  /** Why the body is not JSON (empty, or not parseable). */
  notJson?: string;
  /** 429 answers waited out before this one. */
  retried: number;
}

export class UnreachableError extends Error {
  static { UnreachableError.prototype.name = 'UnreachableError'; }
}
export class BudgetError extends Error {
  static { BudgetError.prototype.name = 'BudgetError'; }
}
/** The run was stopped from outside (`signal`: the command's SIGINT or SIGTERM); its report says so in `stopped`. */
export class InterruptedError extends Error {
  static { InterruptedError.prototype.name = 'InterruptedError'; }
}

export interface TransportOptions {
  credentials: Credentials;
  maxRequests: number;
  intervalMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Longest RetryAfter honoured; a longer one ends the run (exit 2). */
  maxRetryAfterSeconds: number;
  /** Retries of one request after 429. */
  retries429: number;
  dryRun: boolean;
  print: (line: string) => void;
  /** Where a dry run prints each request; default `print`. */
  printRequest?: (line: string) => void;
  /** Stops the run: no request is sent after it fires, the one in flight and any wait are abandoned. */
  signal?: AbortSignal;
  /** Whose names the messages use: the command's flags (default) or the API's options. */
  naming?: Naming;
}

/** When a 429 of an operation that documents it comes without RetryAfter / Retry-After: C's documented minimum (section 8, 10 seconds). */
const RETRY_AFTER_FALLBACK_SECONDS = 10;

/**
 * Exchanges in a row without an answer (timed out, connection dropped or reset, an answer that is
 * not HTTP) after which the verifier gives up on an interface: its remaining requests are not
 * sent, and each fails the check `answers` saying so (a hung server must not take --timeout-ms
 * per request). Before the target's first answer, that many timeouts mean an unreachable target.
 */
export const NO_ANSWER_GIVE_UP = 3;

export class Transport {
  sent = 0;
  private last = 0;
  /** Whether the target has answered at all: before that, a fault means an unreachable target (exit 2). */
  private answered = false;
  private timeoutsInARow = 0;
  /** Per interface, exchanges in a row without an answer. */
  private readonly noAnswerInARow = new Map<ApiId, number>();
  constructor(readonly options: TransportOptions) {}

  /** Sends a request (or, in a dry run, prints it and returns undefined). */
  async send(request: OutgoingRequest): Promise<Exchange | undefined> {
    if (this.options.dryRun) {
      (this.options.printRequest ?? this.options.print)(`would send: ${curlOf(request)}`);
      this.sent++;
      return undefined;
    }
    if ((this.noAnswerInARow.get(request.api) ?? 0) >= NO_ANSWER_GIVE_UP) {
      return { request, status: 0, headers: new Headers(), text: '', notJson: `not sent: ${request.api} gave no answer to ${NO_ANSWER_GIVE_UP} requests in a row`, retried: 0 };
    }
    for (let retried = 0; ; retried++) {
      const exchange = await this.once(request, retried);
      this.noAnswerInARow.set(request.api, exchange.status === 0 ? (this.noAnswerInARow.get(request.api) ?? 0) + 1 : 0);
      if (exchange.status !== 429 || !request.retryOn429 || retried >= this.options.retries429) return exchange;
      const sent = retryAfterSeconds(exchange.headers);
      const seconds = sent ?? RETRY_AFTER_FALLBACK_SECONDS;
      if (seconds > this.options.maxRetryAfterSeconds) {
        const asked = sent !== undefined ? `with RetryAfter ${sent} s` : `without RetryAfter; the wait would be ${letterOf(request.api)}'s documented minimum of ${seconds} s`;
        throw new UnreachableError(`${request.operation}: the target answered 429 ${asked}, over ${bareNameOf('maxRetryAfterSeconds', this.options.naming ?? 'command')} ${this.options.maxRetryAfterSeconds}`);
      }
      this.options.print(
        sent !== undefined
          ? `  429 from ${request.operation}: waiting ${seconds} s as RetryAfter says (section 8)`
          : `  429 from ${request.operation} without RetryAfter: waiting ${seconds} s, ${letterOf(request.api)}'s documented minimum (section 8)`,
      );
      await sleep(seconds * 1000, undefined, this.options.signal && { signal: this.options.signal });
    }
  }

  private async once(request: OutgoingRequest, retried: number): Promise<Exchange> {
    if (this.sent >= this.options.maxRequests) {
      const name = (option: 'maxRequests' | 'apis') => bareNameOf(option, this.options.naming ?? 'command');
      throw new BudgetError(`the request budget is spent (${name('maxRequests')} ${this.options.maxRequests}); raise it or narrow the run with ${name('apis')}`);
    }
    const wait = this.last + this.options.intervalMs - Date.now();
    if (wait > 0) await sleep(wait, undefined, this.options.signal && { signal: this.options.signal });
    this.options.signal?.throwIfAborted();
    this.sent++;
    this.last = Date.now();
    const headers: Record<string, string> = { ...request.headers };
    const credential = this.credentialHeader(request);
    if (credential) headers[credential[0]] = credential[1];
    let response: Response;
    let text: string;
    let over: boolean;
    // The time limit bounds the whole exchange, the body's reading included. A timer of our own,
    // cleared when the exchange ends: on Node 20, AbortSignal.timeout inside AbortSignal.any is held
    // only weakly and, after a garbage collection, never fires (a silent target held the run for
    // 300 s, undici's own limit; a trickling one for ever). The sandbox's callbacks do the same.
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(new DOMException(`no answer within ${this.options.timeoutMs} ms`, 'TimeoutError')), this.options.timeoutMs);
    const outer = this.options.signal;
    const stop = () => limit.abort(outer?.reason);
    outer?.addEventListener('abort', stop, { once: true });
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers,
        ...(request.body !== undefined && { body: request.body }),
        redirect: 'manual',
        signal: limit.signal,
      });
      ({ text, over } = await readBounded(response, this.options.maxResponseBytes));
    } catch (error) {
      this.options.signal?.throwIfAborted(); // stopped from outside: no fault of the target's
      const cause = fetchFailureCode(error);
      const origin = new URL(request.url).origin;
      if (cause === 'TimeoutError') {
        if (!this.answered && ++this.timeoutsInARow >= NO_ANSWER_GIVE_UP) {
          throw new UnreachableError(`${origin} gave no answer within ${this.options.timeoutMs} ms to ${NO_ANSWER_GIVE_UP} requests in a row, and none before`);
        }
        return { request, status: 0, headers: new Headers(), text: '', notJson: `no answer within ${this.options.timeoutMs} ms`, retried };
      }
      // A target that never answered is unreachable (exit 2); one that did has failed this exchange.
      if (!this.answered) throw new UnreachableError(`cannot reach ${origin}: ${describeFetchFailure(cause)}`);
      const fault = describeFetchFailure(cause);
      return { request, status: 0, headers: new Headers(), text: '', notJson: fault === cause ? `no answer (${cause})` : fault, retried };
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', stop);
    }
    this.answered = true;
    this.timeoutsInARow = 0;
    const exchange: Exchange = { request, status: response.status, headers: response.headers, text, retried };
    if (over) exchange.notJson = `the body is over the verifier's bound of ${this.options.maxResponseBytes} bytes (maxResponseBytes, --max-response-bytes)`;
    else if (text.length === 0) exchange.notJson = 'empty body';
    else {
      try {
        exchange.json = JSON.parse(text);
        const exact = parseExact(text);
        if (exact !== undefined) exchange.exact = exact;
      } catch {
        exchange.notJson = 'body is not JSON';
      }
    }
    return exchange;
  }

  private credentialHeader(request: OutgoingRequest): [string, string] | undefined {
    const { auth } = request;
    if (!auth || request.credentials === 'missing') return undefined;
    if (auth.kind === 'basic') {
      const basic = request.credentials === 'wrong' ? WRONG_BASIC : (this.options.credentials[request.api] as { username: string; password: string });
      return [auth.header, `Basic ${Buffer.from(`${basic.username}:${basic.password}`).toString('base64')}`];
    }
    const key = request.credentials === 'wrong' ? WRONG_API_KEY : (this.options.credentials[request.api] as { apiKey: string }).apiKey;
    return [auth.header, key];
  }
}

/** Seconds a 429 asks to wait: C's `RetryAfter` (section 8), else HTTP's `Retry-After`; undefined when neither is sent. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const raw = headers.get('RetryAfter') ?? headers.get('Retry-After');
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
}

/** The body's text, up to `limit` bytes; `over` when the body was longer (the rest is not read). */
async function readBounded(response: Response, limit: number): Promise<{ text: string; over: boolean }> {
  if (!response.body) return { text: '', over: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { text: '', over: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), over: false };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The request as a curl command a user can run again. Valid credentials become the environment
 * variables the verifier reads them from (`-u "$GATEWAY_V1_USERNAME:$GATEWAY_V1_PASSWORD"`), so
 * the command reproduces the request without holding a secret; the wrong ones are not secrets.
 */
export function curlOf(request: OutgoingRequest): string {
  const parts = ['curl', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.auth && request.credentials !== 'missing') {
    const env = (part: string) => `$${CREDENTIAL_SOURCES.find((s) => s.api === request.api && s.part === part)!.env}`;
    if (request.auth.kind === 'basic') {
      parts.push('-u', request.credentials === 'wrong' ? shellQuote(`${WRONG_BASIC.username}:${WRONG_BASIC.password}`) : `"${env('username')}:${env('password')}"`);
    } else {
      parts.push('-H', request.credentials === 'wrong' ? shellQuote(`${request.auth.header}: ${WRONG_API_KEY}`) : `"${request.auth.header}: ${env('apiKey')}"`);
    }
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
