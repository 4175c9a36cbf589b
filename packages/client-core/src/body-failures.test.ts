// Item 11 of issue 12: what goes wrong once the response has started. A connection reset in the
// middle of a body is a ClientNetworkError (it was `TypeError: terminated`), and timeoutMs bounds
// a body read as a stream (the timer used to stop when the headers arrived).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreClient } from './client.js';
import { ClientNetworkError } from './errors.js';
import { thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Op = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: never;
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
};
type Paths = { '/things': { get: Op } };

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

const auth = { type: 'header', name: 'authorization', value: 'k-9' } as const;
const client = (options: { timeoutMs?: number; fetch?: (r: Request, i?: RequestInit) => Promise<Response> } = {}) =>
  createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth, ...options });
const head = (framing: string) => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;

describe('a connection reset in the middle of the body', () => {
  it.each([
    ['with Content-Length, parsed as JSON', head('Content-Length: 100'), 'json'],
    ['chunked, parsed as JSON', head('Transfer-Encoding: chunked'), 'json'],
    ['with Content-Length, read as text', head('Content-Length: 100'), 'text'],
    ['gzip-labelled, read as text', head('Content-Encoding: gzip\r\nContent-Length: 100'), 'text'],
  ] as const)('%s: ClientNetworkError(network)', async (_title, headers, parseAs) => {
    const chunk = headers.includes('chunked') ? '8\r\n{"a": 1,\r\n' : '{"a": 1,';
    server.reply({ raw: [headers, chunk], gapMs: 20, end: 'reset' });
    const error = await thrown(() => client().GET('/things', { parseAs }));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'network', method: 'GET', url: `${server.url}/rest/test/things` });
  });

  // The message says why, as a failure before the answer does (fetch's own error, `terminated`, says
  // nothing; its cause does), with no need to walk `error.cause.cause`.
  it('the message says why: a body that ends before its Content-Length', async () => {
    server.reply({ raw: [head('Content-Length: 100'), '{"a":'], end: 'close' });
    const error = await thrown(() => client().GET('/things'));
    expect(error).toMatchObject({ kind: 'network' });
    // undici's words (Node 20: "other side closed"), not its TypeError's "terminated".
    expect((error as Error).message).toMatch(/response body failed: (?!terminated)\w/);
  });

  it('the same through a custom fetch', async () => {
    server.reply({ raw: [head('Content-Length: 100'), '{"a":'], gapMs: 20, end: 'reset' });
    const error = await thrown(() => client({ fetch: (r, i) => fetch(r, i) }).GET('/things'));
    expect(error).toMatchObject({ kind: 'network' });
  });
});

// timeoutMs covers the headers too, which must arrive first: 1 s, not less, so that a loaded machine
// (CI's other tasks on 2 cores) does not time out before the body's part of the test begins.
describe('timeoutMs and a streamed body', () => {
  it('a stalled stream errors with ClientNetworkError(timeout) after timeoutMs', async () => {
    server.reply({ stallBody: true });
    const { data } = await client({ timeoutMs: 1000 }).GET('/things', { parseAs: 'stream' });
    const error = await thrown(() => new Response(data as ReadableStream).text());
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('a stream read to its end stops the timer: the exchange is not aborted later', async () => {
    let signal: AbortSignal | undefined;
    server.reply({ status: 200, headers: { 'Transfer-Encoding': 'chunked' }, body: '{"a":1}' });
    const tracking = (r: Request, i?: RequestInit) => {
      signal = i?.signal ?? undefined;
      return fetch(r, i);
    };
    const { data } = await client({ timeoutMs: 1000, fetch: tracking }).GET('/things', { parseAs: 'stream' });
    expect(await new Response(data as ReadableStream).text()).toBe('{"a":1}');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(signal?.aborted).toBe(false);
  });
});

it('a gzip-labelled body that is not gzip, delimited by the close, still ends by timeoutMs', async () => {
  // fetch itself can hang on this one (the abort does not end the body): found by the hostile suite.
  // Usually the timer ends it (timeout); on a loaded machine undici may see the close and the bad
  // gzip first (network), which CI's run under load once showed. Either way it ends, as a
  // ClientNetworkError, and never hangs.
  server.reply({ raw: ['HTTP/1.1 206 Partial\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n{"a":1}'], end: 'close' });
  const settled = await Promise.race([
    thrown(() => client({ timeoutMs: 200 }).GET('/things')),
    new Promise((resolve) => setTimeout(() => resolve('still pending'), 2500)),
  ]);
  expect(settled).toBeInstanceOf(ClientNetworkError);
  expect(['timeout', 'network']).toContain((settled as ClientNetworkError).kind);
});
