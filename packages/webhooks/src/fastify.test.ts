// The Node handler inside real Fastify 5 over real HTTP. Fastify parses JSON before the route runs
// and keeps the body on its own request object, so `request.raw` arrives drained: the receiver must
// not blame the sender for that (a 400 "empty body" for a body that was sent), and the README's
// mount, a scope whose parser leaves the stream unread, must give the receiver's own answers.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceiverErrorEvent } from './core.js';
import { type CallbackReceiver, createImV1StatusReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { conformance } from './test-support/contract.js';
import { postJson, send, sendHalfABody } from './test-support/http.js';
import { uuid } from './test-support/contract-values.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(app: FastifyInstance): Promise<string> {
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const status = { id: uuid, status: 'sent', detail: 'delivered to handset' };

function recorded<R extends CallbackReceiver>(make: (calls: unknown[], onError: (event: ReceiverErrorEvent) => void) => R) {
  const calls: unknown[] = [];
  const events: ReceiverErrorEvent[] = [];
  return { receiver: make(calls, (event) => void events.push(event)), calls, events };
}

describe('Fastify 5', () => {
  it.each([
    ['B', 'sms-v2', 'ErrorBody', () => recorded((calls, onError) => createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body), onError }))],
    ['C', 'im-v1', 'APIError', () => recorded((calls, onError) => createImV1StatusReceiver({ rateLimit: 5, onStatus: (body) => void calls.push(body), onError }))],
  ] as const)('%s: a body Fastify already read is a 500 of the receiving side, in the shape, never a 400 "empty body"', async (_label, api, shape, make) => {
    const { receiver, calls, events } = make();
    const app = Fastify();
    app.post('/callbacks', (request, reply) => {
      reply.hijack();
      return receiver.node(request.raw, reply.raw);
    });
    const received = await postJson(await start(app), status);
    expect(received.status).toBe(500);
    expect(conformance(api, shape, JSON.parse(received.text))).toEqual([]);
    expect(events).toEqual([{ status: 500, reason: 'body_consumed' }]);
    expect(calls).toEqual([]);
  });

  describe('mounted as the README shows: a scope whose parser leaves the stream unread', () => {
    async function startApp() {
      const { receiver, calls, events } = recorded((calls, onError) =>
        createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body), onError, maxBodyBytes: 1024, bodyTimeoutMs: 100 }),
      );
      const app = Fastify();
      app.post('/orders', async (request) => ({ parsed: request.body }));
      await app.register(async (callbacks) => {
        callbacks.removeAllContentTypeParsers();
        callbacks.addContentTypeParser('*', (_request, _payload, done) => done(null));
        callbacks.post('/callbacks', (request, reply) => {
          reply.hijack();
          return receiver.node(request.raw, reply.raw);
        });
      });
      return { url: await start(app), calls, events };
    }

    it('hands a valid callback to the handler and answers 200; the app’s other routes still parse JSON', async () => {
      const { url, calls } = await startApp();
      const received = await postJson(url, status);
      expect(received.status).toBe(200);
      expect(calls).toEqual([status]);
      const order = await postJson(url, { sku: 'A1' }, { path: '/orders' });
      expect(JSON.parse(order.text)).toEqual({ parsed: { sku: 'A1' } });
    });

    it('gives its own answers: malformed JSON, a chunked body over maxBodyBytes, another media type', async () => {
      const { url, calls, events } = await startApp();
      const json = { 'content-type': 'application/json' };
      const malformed = await send(url, { headers: json, body: '{"status":' });
      const oversized = await send(url, { headers: json, body: JSON.stringify({ ...status, detail: 'x'.repeat(2000) }), chunked: true });
      const text = await send(url, { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(status) });
      expect([malformed.status, oversized.status, text.status]).toEqual([400, 413, 415]);
      for (const answer of [malformed, oversized, text]) expect(conformance('sms-v2', 'ErrorBody', JSON.parse(answer.text))).toEqual([]);
      expect(events.map((event) => event.reason)).toEqual(['malformed_json', 'body_too_large', 'unsupported_media_type']);
      expect(calls).toEqual([]);
    });

    it('bounds the time to receive a body, which Fastify by default does not', async () => {
      const { url, calls, events } = await startApp();
      const stalled = await sendHalfABody(url);
      expect(stalled.status).toBe(408);
      expect(conformance('sms-v2', 'ErrorBody', JSON.parse(stalled.text))).toEqual([]);
      expect(events.map((event) => event.reason)).toEqual(['body_timeout']);
      expect(calls).toEqual([]);
    });
  });
});
