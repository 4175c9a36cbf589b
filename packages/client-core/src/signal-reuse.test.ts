// The time limit's controller is reused by a later call only once nothing can be aborted by it any
// more: the call it served read its body, and only fetch saw its signal. fetch is wrapped here (not
// replaced: a plain call still goes to it) to see which signal each call sends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CoreClientOptions, createCoreClient } from './client.js';
import { ClientNetworkError } from './errors.js';
import { retryPolicy } from './retry.js';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Paths = Record<string, Record<string, { parameters: object; responses: Record<number, { content: { 'application/json': unknown } }> }>>;
type Untyped = { GET: (url: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }> };

let server: RecordingServer;
let signals: (AbortSignal | undefined)[];
beforeEach(async () => {
  server = await startRecordingServer();
  signals = [];
  const realFetch = fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    signals.push(init?.signal ?? undefined);
    return realFetch(input, init);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

const client = (options: Partial<CoreClientOptions> = {}) =>
  createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: 'k' }, ...options }) as unknown as Untyped;
const ok = () => ({ status: 200, body: { a: 1 } });

describe("the time limit's controller", () => {
  it('serves the next call once a plain call has read its body, at most 16 calls in all', async () => {
    const c = client();
    server.reply(...Array.from({ length: 17 }, ok));
    for (let i = 0; i < 17; i++) expect((await c.GET('/things')).data).toEqual({ a: 1 });
    expect(signals.slice(1, 16).every((signal) => signal === signals[0])).toBe(true);
    expect(signals[16]).not.toBe(signals[0]);
    expect(signals.every((signal) => signal instanceof AbortSignal && !signal.aborted)).toBe(true);
  });

  it('still ends the call that reuses it, with that call’s own timeout error', async () => {
    const c = client({ timeoutMs: 300 });
    server.reply(ok(), { hang: true });
    const first = await c.GET('/things');
    const error = await c.GET('/slow').catch((e: unknown) => e);
    expect(signals[1]).toBe(signals[0]);
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'timeout', url: `${server.url}/rest/test/slow` });
    // The first call's answer, read before, is untouched by the abort.
    expect(first.data).toEqual({ a: 1 });
    expect(first.response.bodyUsed).toBe(true);
  });

  it('is not reused after an aborted or failed call', async () => {
    const c = client({ timeoutMs: 300 });
    server.reply({ hang: true }, ok(), ok());
    await expect(c.GET('/slow')).rejects.toMatchObject({ kind: 'timeout' });
    await c.GET('/things');
    expect(signals[1]).not.toBe(signals[0]);
    expect(signals[0]?.aborted).toBe(true);
  });

  it.each<[string, (c: Untyped) => Promise<unknown>, Partial<CoreClientOptions>?]>([
    ['a body read as a stream', (c) => c.GET('/things', { parseAs: 'stream' }).then(({ data }) => new Response(data as ReadableStream).text())],
    ['an answer without a body read (HEAD-like 204)', (c) => c.GET('/empty')],
    ["a caller's signal", (c) => c.GET('/things', { signal: new AbortController().signal })],
    ['a middleware', (c) => c.GET('/things', { middleware: [{ onRequest: () => undefined }] })],
    ['a RequestInit extra (a Request is built)', (c) => c.GET('/things', { cache: 'no-store' })],
  ])('is not reused after a call with %s', async (_title, first) => {
    const c = client();
    server.reply(_title.includes('204') ? { status: 204 } : ok(), ok(), ok());
    await first(c);
    await c.GET('/things');
    await c.GET('/things');
    const sent = signals.filter((signal) => signal !== undefined);
    // The second call's controller is new; from then on, plain calls share it.
    expect(sent.at(-2)).not.toBe(sent[0]);
    expect(sent.at(-1)).toBe(sent.at(-2));
  });

  it('is reused after a call that waited for a retry: the sleep took its listener off', async () => {
    const c = client({ retry: retryPolicy({ max: 1 }, { header: 'RetryAfter', minSeconds: 0, maxSeconds: 0 }) });
    server.reply({ status: 429, body: {}, headers: { RetryAfter: '0' } }, ok(), ok());
    await c.GET('/things');
    await c.GET('/things');
    expect(signals).toHaveLength(3);
    expect(new Set(signals).size).toBe(1);
  });

  it('is never shared by two calls in flight', async () => {
    const c = client();
    server.reply(...Array.from({ length: 8 }, ok));
    await Promise.all(Array.from({ length: 8 }, () => c.GET('/things')));
    expect(new Set(signals).size).toBe(8);
  });
});
