// Bounded retry on 429, for an interface that documents 429 and a RetryAfter header (C, section 8).

export interface RetryAfterRule {
  /** The interface's header name (C: `RetryAfter`). The standard `Retry-After` is read when it is absent. */
  header: string;
  /** The documented range of the header, in seconds (C: 10 to 1000). */
  minSeconds: number;
  maxSeconds: number;
}

export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 2, at most 10. */
  max?: number;
  /** Waits before a retry; tests pass a fake. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What the client loop needs: a bound, the wait a 429 names (undefined: none), a way to wait. */
export interface RetryPolicy {
  max: number;
  delayMs: (headers: Headers) => number | undefined;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRIES = 2;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // The caller's signal may outlive the call: take the listener off again.
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop);
  });
}

export function retryPolicy(options: RetryOptions | false | undefined, rule: RetryAfterRule): RetryPolicy | undefined {
  const max = options === false ? 0 : (options?.max ?? DEFAULT_RETRIES);
  if (!(max >= 0 && max <= 10 && max % 1 === 0)) throw new RangeError('retry.max must be an integer, 0 to 10');
  return max > 0 ? { max, delayMs: (headers) => retryDelayMs(headers, rule), sleep: (options && options.sleep) || sleep } : undefined;
}

// RFC 9110 (section 5.6.7): the IMF-fixdate form of an HTTP-date, the one senders must use.
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/;

/**
 * Milliseconds to wait after a 429: the header's integer seconds, or the time until its HTTP date
 * (RFC 9110, section 10.2.3: Retry-After = HTTP-date / delay-seconds; a date in the past is no
 * wait), clamped to the documented range. Undefined when the response names no wait (header
 * absent, or neither form): the document gives no default, so such a 429 goes back to the caller
 * instead of being retried blind.
 */
export function retryDelayMs(headers: Headers, rule: RetryAfterRule, now = Date.now()): number | undefined {
  const raw = (headers.get(rule.header) ?? headers.get('Retry-After'))?.trim() ?? '';
  const seconds = /^\d+$/.test(raw) ? +raw : IMF_FIXDATE.test(raw) ? Math.ceil((Date.parse(raw) - now) / 1000) : NaN;
  return seconds === seconds ? Math.min(Math.max(seconds, rule.minSeconds), rule.maxSeconds) * 1000 : undefined;
}
