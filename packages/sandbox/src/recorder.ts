// Recorded requests, for consumers' tests to inspect (issue item 6). Credentials never reach the
// log: the Authorization/authorization header is replaced by a marker before anything is kept.
import { BoundedLog } from './bounded-map.js';

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
}

export const DEFAULT_REQUEST_LOG_SIZE = 1000;
export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const copy: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) copy[name] = name === 'authorization' || name === 'proxy-authorization' ? REDACTED : value;
  }
  return copy;
}

export function createRecorder(size = DEFAULT_REQUEST_LOG_SIZE) {
  const log = new BoundedLog<RecordedRequest>(size);
  let seq = 0;
  return {
    record(entry: Omit<RecordedRequest, 'seq'>) {
      log.push({ seq: ++seq, ...entry });
    },
    list: (filter?: { operation?: string }) =>
      log.list().filter((entry) => !filter?.operation || entry.operation === filter.operation),
    clear() {
      log.clear();
    },
  };
}
