import { describe, expect, it } from 'vitest';
import { retryDelayMs, retryPolicy, sleep } from './retry.js';

const rule = { header: 'RetryAfter', minSeconds: 10, maxSeconds: 1000 };

describe('retryDelayMs', () => {
  it.each<[string, Record<string, string>, number | undefined]>([
    ['RetryAfter seconds', { RetryAfter: '30' }, 30_000],
    ['clamped up to the documented minimum', { RetryAfter: '2' }, 10_000],
    ['clamped down to the documented maximum', { RetryAfter: '5000' }, 1_000_000],
    ['the standard Retry-After when RetryAfter is absent', { 'Retry-After': '45' }, 45_000],
    ['RetryAfter over Retry-After', { RetryAfter: '20', 'Retry-After': '45' }, 20_000],
    ['no wait (no retry) when absent', {}, undefined],
    // RFC 9110 (section 10.2.3): Retry-After = HTTP-date / delay-seconds. Issue 12, item 13.
    ['an HTTP date, as seconds from now', { 'Retry-After': 'Wed, 21 Oct 2015 07:28:30 GMT' }, 30_000],
    ['an HTTP date in RetryAfter, clamped up', { RetryAfter: 'Wed, 21 Oct 2015 07:28:05 GMT' }, 10_000],
    ['an HTTP date in the past, clamped up', { 'Retry-After': 'Tue, 20 Oct 2015 07:28:00 GMT' }, 10_000],
    ['an HTTP date far ahead, clamped down', { 'Retry-After': 'Wed, 21 Oct 2016 07:28:00 GMT' }, 1_000_000],
    ['no wait for a date that is not an IMF-fixdate', { 'Retry-After': 'tomorrow' }, undefined],
    ['no wait for an impossible date', { 'Retry-After': 'Wed, 41 Oct 2015 07:28:00 GMT' }, undefined],
    ['no wait for a negative number', { RetryAfter: '-5' }, undefined],
    ['no wait for a fraction', { RetryAfter: '1.5' }, undefined],
  ])('%s', (_title, headers, want) => {
    expect(retryDelayMs(new Headers(headers), rule, Date.parse('2015-10-21T07:28:00Z'))).toBe(want);
  });
});

describe('retryPolicy', () => {
  it('defaults to 2 retries', () => {
    expect(retryPolicy(undefined, rule)?.max).toBe(2);
  });
  it.each([[false], [{ max: 0 }]] as const)('is off for %j', (options) => {
    expect(retryPolicy(options, rule)).toBeUndefined();
  });
  it.each([[-1], [1.5], [11], [Number.NaN]])('rejects max %s', (max) => {
    expect(() => retryPolicy({ max }, rule)).toThrow(RangeError);
  });
});

describe('sleep', () => {
  it('resolves after the delay', async () => {
    const started = Date.now();
    await sleep(30, new AbortController().signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
  it('takes its abort listener off the signal when it resolves', async () => {
    const signal = new AbortController().signal;
    const added: unknown[] = [];
    const removed: unknown[] = [];
    const spy = Object.assign(signal, {
      addEventListener: (_type: string, listener: unknown) => added.push(listener),
      removeEventListener: (_type: string, listener: unknown) => removed.push(listener),
    });
    await sleep(5, spy);
    expect(added).toHaveLength(1);
    expect(removed).toEqual(added);
  });

  it('rejects at once on an aborted signal', async () => {
    const reason = new Error('already');
    await expect(sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('rejects with the reason when the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });
});
