// The paths of the two adapters that a well-behaved HTTP client cannot reach: a body stream that
// fails, a sender that hangs up mid-body, and a request object that throws. None may reject.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceiverErrorEvent } from './core.js';
import { createImV1StatusReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { conformance } from './test-support/contract.js';
import { listen, listenDrained, type Running } from './test-support/http.js';

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe('fetch handler', () => {
  it('answers 400 in the documented shape when the body stream fails', async () => {
    const events: ReceiverErrorEvent[] = [];
    const calls: unknown[] = [];
    const receiver = createImV1StatusReceiver({ rateLimit: 5, onStatus: (body) => void calls.push(body), onError: (event) => void events.push(event) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"status":'));
      },
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const response = await receiver.fetch(
      new Request('http://127.0.0.1/callbacks', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit),
    );
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(conformance('im-v1', 'APIError', error)).toEqual([]);
    expect(JSON.stringify(error)).not.toContain('connection reset');
    expect(events).toEqual([{ status: 400, reason: 'body_unreadable' }]);
    expect(calls).toEqual([]);
  });

  it('answers 500 in the documented shape, not a 400, when a framework read the body first', async () => {
    const events: ReceiverErrorEvent[] = [];
    const calls: unknown[] = [];
    const receiver = createImV1StatusReceiver({ rateLimit: 5, onStatus: (body) => void calls.push(body), onError: (event) => void events.push(event) });
    // Hono's `c.req.json()` reads `c.req.raw` this way before a handler passes it on.
    const request = new Request('http://127.0.0.1/callbacks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"status":"read"}' });
    await request.json();
    const response = await receiver.fetch(request);
    expect(response.status).toBe(500);
    expect(conformance('im-v1', 'APIError', await response.json())).toEqual([]);
    expect(events).toEqual([{ status: 500, reason: 'body_consumed' }]);
    expect(calls).toEqual([]);
  });

  it('answers 500 rather than rejecting when the request object itself throws', async () => {
    const receiver = createSmsV2StatusReceiver({ onStatus: () => {} });
    const hostile = {
      method: 'POST',
      headers: {
        get() {
          throw new Error('broken host object');
        },
      },
    } as unknown as Request;
    const response = await receiver.fetch(hostile);
    expect(response.status).toBe(500);
    expect(conformance('sms-v2', 'ErrorBody', await response.json())).toEqual([]);
  });
});

describe('node handler', () => {
  it('settles without calling the handler when the sender hangs up mid-body', async () => {
    const calls: unknown[] = [];
    const events: ReceiverErrorEvent[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body), onError: (event) => void events.push(event) });
    let settled!: Promise<void>;
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = await listen((req, res) => {
      settled = receiver.node(req, res);
      arrived();
    });
    running.push(server);
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /callbacks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"status":');
    await requestArrived;
    socket.destroy();
    await expect(settled).resolves.toBeUndefined();
    expect(calls).toEqual([]);
    // Nobody is left to answer, so nothing is refused.
    expect(events).toEqual([]);
  });

  it('answers 400 "empty" for a drained request that declared no body (no length, not chunked): none was sent', async () => {
    const events: ReceiverErrorEvent[] = [];
    const receiver = createSmsV2StatusReceiver({ onStatus: () => {}, onError: (event) => void events.push(event) });
    const server = await listenDrained(receiver.node);
    running.push(server);
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => void (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
    });
    socket.write('POST /callbacks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n');
    expect(await answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(events).toEqual([{ status: 400, reason: 'empty_body' }]);
  });

  it('answers 500 rather than rejecting when the request object itself throws', async () => {
    const receiver = createSmsV2StatusReceiver({ onStatus: () => {} });
    const server = await listen((req, res) => {
      Object.defineProperty(req, 'headers', {
        get() {
          throw new Error('broken host object');
        },
      });
      void receiver.node(req, res);
    });
    running.push(server);
    const response = await fetch(`${server.url}/callbacks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('broken host object');
    expect(conformance('sms-v2', 'ErrorBody', JSON.parse(text))).toEqual([]);
  });
});
