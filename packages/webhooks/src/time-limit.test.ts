// The handler time limit over real HTTP: a handler that never settles gets the interface's 500
// (section 7's shape for each), the callback is not acknowledged, and the connection is freed.
// The body time limit: a sender that starts a body and never finishes it gets 408 in the shape.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiverErrorEvent } from './core.js';
import { deduplicate } from './dedupe.js';
import { createImV1StatusReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { conformance } from './test-support/contract.js';
import { handlerForms, postJson, sendHalfABody, serversClosedAfterEach } from './test-support/http.js';
import { uuid } from './test-support/contract-values.js';
import { createTimeLimit, timedOut } from './time-limit.js';

const serve = serversClosedAfterEach();

const forms = handlerForms;

const never = () => new Promise<void>(() => {});

describe.each(forms)('%s handler', (_form, listenerOf) => {
  it.each([
    ['sms-v2', 'ErrorBody', (onError: (e: ReceiverErrorEvent) => void) => createSmsV2StatusReceiver({ onStatus: never, handlerTimeoutMs: 50, onError })],
    ['im-v1', 'APIError', (onError: (e: ReceiverErrorEvent) => void) => createImV1StatusReceiver({ rateLimit: 5, onStatus: never, handlerTimeoutMs: 50, onError })],
  ] as const)('answers %s 500 in its %s shape when the handler never settles', async (api, schema, create) => {
    const events: ReceiverErrorEvent[] = [];
    const server = await serve(listenerOf(create((event) => void events.push(event))));
    const received = await postJson(server.url, { id: uuid, status: 'sent' });
    expect(received.status).toBe(500);
    const body = JSON.parse(received.text) as Record<string, unknown>;
    expect(conformance(api, schema, body)).toEqual([]);
    expect(body[api === 'sms-v2' ? 'statusCode' : 'code']).toBe(500);
    expect(events).toEqual([{ status: 500, reason: 'handler_timeout' }]);
  });

  it.each([
    ['sms-v2', 'ErrorBody', (onError: (e: ReceiverErrorEvent) => void, onStatus: () => void) => createSmsV2StatusReceiver({ onStatus, bodyTimeoutMs: 100, onError })],
    ['im-v1', 'APIError', (onError: (e: ReceiverErrorEvent) => void, onStatus: () => void) => createImV1StatusReceiver({ rateLimit: 5, onStatus, bodyTimeoutMs: 100, onError })],
  ] as const)('answers %s 408 in its %s shape when the body is not received within bodyTimeoutMs', async (api, schema, create) => {
    const events: ReceiverErrorEvent[] = [];
    const calls: unknown[] = [];
    const server = await serve(listenerOf(create((event) => void events.push(event), () => void calls.push(1))));
    const received = await sendHalfABody(server.url);
    expect(received.status).toBe(408);
    const body = JSON.parse(received.text) as Record<string, unknown>;
    expect(conformance(api, schema, body)).toEqual([]);
    expect(body[api === 'sms-v2' ? 'statusCode' : 'code']).toBe(408);
    expect(events).toEqual([{ status: 408, reason: 'body_timeout' }]);
    expect(calls).toEqual([]);
  });

  it('answers 200 for a handler that settles within the limit', async () => {
    const server = await serve(
      listenerOf(createSmsV2StatusReceiver({ handlerTimeoutMs: 1_000, onStatus: () => new Promise((resolve) => setTimeout(resolve, 20)) })),
    );
    expect((await postJson(server.url, { id: uuid, status: 'sent' })).status).toBe(200);
  });

  it('ignores a handler that fails after its time ran out', async () => {
    const events: ReceiverErrorEvent[] = [];
    const server = await serve(
      listenerOf(
        createSmsV2StatusReceiver({
          handlerTimeoutMs: 20,
          onStatus: () => new Promise((_resolve, reject) => setTimeout(() => reject(new Error('late')), 60)),
          onError: (event) => void events.push(event),
        }),
      ),
    );
    expect((await postJson(server.url, { id: uuid, status: 'sent' })).status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(events).toEqual([{ status: 500, reason: 'handler_timeout' }]);
  });
});

it('answers a redelivery 500 too while a de-duplicated first attempt hangs, so nothing is acknowledged', async () => {
  const server = await serve(createSmsV2StatusReceiver({ handlerTimeoutMs: 50, onStatus: deduplicate(never) }).node);
  const body = { id: uuid, status: 'sent' };
  const answers = await Promise.all([postJson(server.url, body), postJson(server.url, body)]);
  expect(answers.map((a) => a.status)).toEqual([500, 500]);
});

it.each([[0], [-1], [1.5], ['100'], [Number.POSITIVE_INFINITY], [2 ** 31]])('refuses handlerTimeoutMs %j naming the option', (handlerTimeoutMs) => {
  expect(() => createSmsV2StatusReceiver({ onStatus: () => {}, handlerTimeoutMs: handlerTimeoutMs as number })).toThrow(
    /^handlerTimeoutMs must be/,
  );
});

it.each([[0], [-1], [1.5], ['100'], [Number.POSITIVE_INFINITY], [2 ** 31]])('refuses bodyTimeoutMs %j naming the option', (bodyTimeoutMs) => {
  expect(() => createImV1StatusReceiver({ rateLimit: 5, onStatus: () => {}, bodyTimeoutMs: bodyTimeoutMs as number })).toThrow(/^bodyTimeoutMs must be/);
});

describe('createTimeLimit (one timer for all waits)', () => {
  afterEach(() => void vi.useRealTimers());

  it('start: calls expire at the deadline unless stopped first, on the same single timer', async () => {
    vi.useFakeTimers();
    const limit = createTimeLimit(100);
    const expired: string[] = [];
    const stopA = limit.start(() => void expired.push('a'));
    limit.start(() => void expired.push('b'));
    await vi.advanceTimersByTimeAsync(50);
    stopA();
    await vi.advanceTimersByTimeAsync(50);
    expect(expired).toEqual(['b']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('expires each wait at its own deadline, and lets settled ones through', async () => {
    vi.useFakeTimers();
    const limit = createTimeLimit(100);
    const outcomes: string[] = [];
    const track = (name: string, wait: Promise<void | typeof timedOut>) =>
      wait.then(
        (value) => void outcomes.push(`${name} ${value === timedOut ? 'timed out' : 'resolved'}`),
        (error: Error) => void outcomes.push(`${name} rejected ${error.message}`),
      );
    let resolveB!: () => void;
    let rejectD!: (error: Error) => void;
    void track('a', limit.within(new Promise(() => {})));
    await vi.advanceTimersByTimeAsync(40);
    void track('b', limit.within(new Promise<void>((resolve) => (resolveB = resolve))));
    void track('c', limit.within(new Promise(() => {})));
    void track('d', limit.within(new Promise<void>((_resolve, reject) => (rejectD = reject))));
    await vi.advanceTimersByTimeAsync(59);
    expect(outcomes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1); // a's deadline
    expect(outcomes).toEqual(['a timed out']);
    resolveB();
    rejectD(new Error('failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcomes).toEqual(['a timed out', 'b resolved', 'd rejected failed']);
    await vi.advanceTimersByTimeAsync(39);
    expect(outcomes).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1); // c's deadline
    expect(outcomes).toEqual(['a timed out', 'b resolved', 'd rejected failed', 'c timed out']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
