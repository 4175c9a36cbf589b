// One server for several callback addresses, and the receiver object handed to createServer
// directly (the common mistake of passing `receiver` instead of `receiver.node`), over real HTTP.
import type { RequestListener } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createImV1StatusReceiver, createSmsV2ReplyReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { createCallbackRouter } from './router.js';
import { conformance } from './test-support/contract.js';
import { fetchBridge, postJson, send, serversClosedAfterEach } from './test-support/http.js';
import { uuid } from './test-support/contract-values.js';

const serve = serversClosedAfterEach();

const status = { id: uuid, status: 'sent' };

describe('the receiver object itself', () => {
  it('serves node:http when passed to createServer instead of receiver.node', async () => {
    const calls: unknown[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body) });
    const server = await serve(receiver);
    // Bounded, so the old behaviour (every request hangs) fails rather than stalls the suite.
    const response = await fetch(`${server.url}/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(status),
      signal: AbortSignal.timeout(3_000),
    });
    expect(response.status).toBe(200);
    expect(calls).toEqual([status]);
  });

  it('answers a web Request as receiver.fetch does', async () => {
    const receiver = createImV1StatusReceiver({ rateLimit: 7, onStatus: () => {} });
    const call: (request: Request) => Promise<Response> = receiver;
    const response = await call(
      new Request('http://127.0.0.1/callbacks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(status) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('7');
  });

  it('throws at once, saying what to pass, when called with anything else', () => {
    const receiver = createSmsV2StatusReceiver({ onStatus: () => {} });
    expect(() => (receiver as unknown as (x: unknown) => unknown)({ url: '/x' })).toThrow(
      /receiver\(req, res\) for node:http or receiver\(request\) for a web Request/,
    );
  });
});

const forms = [
  ['node', (router: ReturnType<typeof createCallbackRouter>): RequestListener => router.node],
  ['fetch', (router: ReturnType<typeof createCallbackRouter>): RequestListener => fetchBridge(router.fetch)],
  ['router object', (router: ReturnType<typeof createCallbackRouter>): RequestListener => router],
] as const;

describe.each(forms)('createCallbackRouter, %s form', (_form, listenerOf) => {
  async function start() {
    const calls: Array<[string, unknown]> = [];
    const router = createCallbackRouter({
      '/sms/status': createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(['sms status', body]) }),
      '/sms/reply': createSmsV2ReplyReceiver({ onReply: (body) => void calls.push(['sms reply', body]) }),
      '/im/status': createImV1StatusReceiver({ rateLimit: 9, onStatus: (body) => void calls.push(['im status', body]) }),
    });
    const server = await serve(listenerOf(router));
    return { url: server.url, calls };
  }

  it("hands each path's callbacks to its receiver", async () => {
    const { url, calls } = await start();
    const reply = { id: uuid, content: 'yes' };
    expect((await postJson(url, status, { path: '/sms/status' })).status).toBe(200);
    expect((await postJson(url, reply, { path: '/sms/reply?token=x' })).status).toBe(200);
    const im = await postJson(url, status, { path: '/im/status' });
    expect(im.status).toBe(200);
    expect(im.headers['x-ratelimit-limit']).toBe('9');
    expect(calls).toEqual([
      ['sms status', status],
      ['sms reply', reply],
      ['im status', status],
    ]);
  });

  it("answers in each interface's own shape at its path", async () => {
    const { url } = await start();
    const b = await postJson(url, { status: 'read' }, { path: '/sms/status' });
    expect(b.status).toBe(400);
    expect(conformance('sms-v2', 'ErrorBody', JSON.parse(b.text))).toEqual([]);
    const c = await send(url, { method: 'GET', path: '/im/status' });
    expect(c.status).toBe(405);
    expect(conformance('im-v1', 'APIError', JSON.parse(c.text))).toEqual([]);
  });

  it.each(['/', '/sms', '/sms/status/', '/SMS/status', '/im/status/x', '/unknown'])('answers 404 in its own JSON shape at %s', async (path) => {
    const { url, calls } = await start();
    const received = await postJson(url, status, { path });
    expect(received.status).toBe(404);
    expect(received.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received.text)).toEqual({ message: 'No callback receiver at this path' });
    expect(calls).toEqual([]);
  });
});

describe('createCallbackRouter options', () => {
  const receiver = createSmsV2StatusReceiver({ onStatus: () => {} });
  it.each([
    ['no routes', {}, /^routes must name at least one path/],
    ['a path without a leading slash', { 'sms/status': receiver }, /^route "sms\/status" must be a path starting with "\/"/],
    ['a path with a query', { '/sms?x=1': receiver }, /^route "\/sms\?x=1" must be a path/],
    ['a handler that is no receiver', { '/sms': receiver.node }, /^route "\/sms" must be a receiver/],
  ])('refuses %s', (_title, routes, message) => {
    expect(() => createCallbackRouter(routes as never)).toThrow(message);
  });

  it.each([
    ['options that are not an object', null, /^options must be an object such as \{ bodyTimeoutMs: 10000 \}/],
    ['a bodyTimeoutMs of 0', { bodyTimeoutMs: 0 }, /^bodyTimeoutMs must be an integer number of milliseconds from 1 to 2147483647; got 0/],
  ])('refuses %s, naming it', (_title, options, message) => {
    expect(() => createCallbackRouter({ '/sms': receiver }, options as never)).toThrow(message);
  });
});
