// Recorded requests, for consumers' tests to inspect (issue item 6). Credentials never reach the
// log: the Authorization/authorization header is replaced by a marker before anything is kept, and
// so is the control token (a client may send it on every request, interface calls included).
import { BoundedLog, type ByteBudget } from './bounded-map.js';
import { CONTROL_TOKEN_HEADER } from './control-constants.js';

export interface RecordedRequest {
  seq: number;
  /** Epoch ms of arrival (the sandbox's clock). */
  at: number;
  method: string;
  /** Path and query as received. */
  url: string;
  /** `<api>.<operationId>` when the request matched an operation. */
  operation?: string;
  /** Request headers, the credentials header redacted. */
  headers: Record<string, string | string[]>;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** The status the sandbox answered. */
  status: number;
  /** True when the body and headers were dropped to keep the request logs within their byte budget. */
  dropped?: true;
}

export const DEFAULT_REQUEST_LOG_SIZE = 1000;
export const REDACTED = '[redacted]';

/**
 * The request's own headers object, its credentials header overwritten in place (the request has
 * been answered: nothing reads it again), so recording costs no copy and keeps no secret.
 */
export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  if (headers.authorization !== undefined) headers.authorization = REDACTED;
  if (headers['proxy-authorization'] !== undefined) headers['proxy-authorization'] = REDACTED;
  if (headers[CONTROL_TOKEN_HEADER] !== undefined) headers[CONTROL_TOKEN_HEADER] = REDACTED;
  return headers as Record<string, string | string[]>;
}

/** What the byte budget drops of an old entry: its body and headers. */
function strip(entry: RecordedRequest) {
  delete entry.body;
  entry.headers = {};
  entry.dropped = true;
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
  const log = new BoundedLog<RecordedRequest>(size, budget);
  let seq = 0;
  return {
    /** Records a request (its `seq` is set here); `bodyBytes` is its body's size as received. */
    record(entry: RecordedRequest, bodyBytes = 0) {
      entry.seq = ++seq;
      log.push(entry, bodyBytes + headerBytes(entry.headers) + entry.url.length + 100, strip);
    },
    list: (filter?: { operation?: string }) =>
      log.list().filter((entry) => !filter?.operation || entry.operation === filter.operation),
    clear() {
      log.clear();
    },
  };
}
