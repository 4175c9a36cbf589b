// Recorded requests, for consumers' tests to inspect (issue item 6). Credentials never reach the
// log: the Authorization/authorization header is replaced by a marker before anything is kept, and
// so is the control token (a client may send it on every request, interface calls included); a
// credential anywhere else is replaced where it occurs (redaction.ts).
import { BoundedLog, type ByteBudget } from './bounded-map.js';
import { CONTROL_TOKEN_HEADER } from './control-constants.js';
import { REDACTED, type SecretRedactor } from './redaction.js';

export interface RecordedRequest {
  seq: number;
  /** Epoch ms of arrival (the sandbox's clock). */
  at: number;
  method: string;
  /** Path and query as received, any of the sandbox's credentials in it redacted. */
  url: string;
  /** `<api>.<operationId>` when the request matched an operation. */
  operation?: string;
  /** Request headers, the credentials header redacted, and any credential in another (its value or its name). */
  headers: Record<string, string | string[]>;
  /** The parsed JSON body, when there was one, any of the sandbox's credentials in it redacted. */
  body?: unknown;
  /** The status the sandbox answered. */
  status: number;
  /** True when the body and headers were dropped to keep the request logs within their byte budget. */
  dropped?: true;
}

export const DEFAULT_REQUEST_LOG_SIZE = 1000;
export { REDACTED };

/** Headers whose whole value is a credential, whatever it is: replaced without looking. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', CONTROL_TOKEN_HEADER]);

/**
 * The request's own headers object, its credentials headers overwritten in place and any of the
 * sandbox's credentials in another header replaced (the request has been answered: nothing reads
 * it again), so recording costs no copy and keeps no secret.
 */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, secrets: SecretRedactor): Record<string, string | string[]> {
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (CREDENTIAL_HEADERS.has(name)) headers[name] = REDACTED;
    else headers[name] = typeof value === 'string' ? secrets.redact(value) : value.map((item) => secrets.redact(item));
  }
  // A name may hold a credential too (`x-<key>`), lower-cased by Node: the names are searched at
  // once, one line each, and only a request that put one there renames a header.
  const names = Object.keys(headers).join('\n');
  if (secrets.redactLowerCase(names) !== names) {
    for (const name of Object.keys(headers)) {
      const renamed = secrets.redactLowerCase(name);
      if (renamed === name) continue;
      const value = headers[name]!;
      delete headers[name];
      const there = headers[renamed];
      headers[renamed] = there === undefined ? value : [there, value].flat();
    }
  }
  return headers as Record<string, string | string[]>;
}

/**
 * A request as the log keeps it: the body as its JSON text (one string) rather than the parsed
 * tree, so an entry the log still holds at a garbage collection is a few objects to copy, not one
 * per value of the body (the sandbox's pauses under load, `pnpm bench`'s p99). Parsed when listed.
 */
export interface KeptRequest extends Omit<RecordedRequest, 'body'> {
  /** The body's JSON text as received, when it parsed. */
  text?: string;
}

/** What the byte budget drops of an old entry: its body and headers. */
function strip(entry: KeptRequest) {
  delete entry.text;
  entry.headers = {};
  entry.dropped = true;
}

/** An entry as listed: a new object each time, its body parsed from the kept text. */
function listed(entry: KeptRequest): RecordedRequest {
  // In the order RecordedRequest lists its fields (the control API's JSON shows them so).
  const out = { seq: entry.seq, at: entry.at, method: entry.method, url: entry.url } as RecordedRequest;
  if (entry.operation !== undefined) out.operation = entry.operation;
  out.headers = entry.headers;
  if (entry.text !== undefined) out.body = JSON.parse(entry.text);
  out.status = entry.status;
  if (entry.dropped) out.dropped = true;
  return out;
}

function headerBytes(headers: Record<string, string | string[]>): number {
  let bytes = 0;
  for (const name in headers) {
    const value = headers[name]!;
    bytes += name.length + (typeof value === 'string' ? value.length : value.join().length);
  }
  return bytes;
}

export function createRecorder(size = DEFAULT_REQUEST_LOG_SIZE, budget?: ByteBudget) {
  const log = new BoundedLog<KeptRequest>(size, budget);
  let seq = 0;
  return {
    /** Records a request (its `seq` is set here). */
    record(entry: KeptRequest) {
      entry.seq = ++seq;
      log.push(entry, (entry.text?.length ?? 0) + headerBytes(entry.headers) + entry.url.length + 100, strip);
    },
    list: (filter?: { operation?: string }): RecordedRequest[] =>
      log
        .list()
        .filter((entry) => !filter?.operation || entry.operation === filter.operation)
        .map(listed),
    clear() {
      log.clear();
    },
  };
}
