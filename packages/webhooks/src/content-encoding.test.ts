// Content-Encoding and Transfer-Encoding over real HTTP, both handler forms. The receivers decode no content coding
// (section 6 shows none being sent), so any coding but identity is refused with 415 and
// `Accept-Encoding: identity` (RFC 9110 section 15.5.16), whatever the bytes are: a gzip body is
// not mistaken for malformed JSON, and a plain body labelled gzip is not accepted as if decoded.
import type { RequestListener } from 'node:http';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { describe, expect, it } from 'vitest';
import type { ReceiverErrorEvent } from './core.js';
import { createImV1StatusReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { conformance } from './test-support/contract.js';
import { handlerForms, send, serversClosedAfterEach } from './test-support/http.js';
import { uuid } from './test-support/contract-values.js';

const serve = serversClosedAfterEach();

const forms = handlerForms;

const text = JSON.stringify({ id: uuid, status: 'sent' });

describe.each(forms)('%s handler', (_form, listenerOf) => {
  async function start(api: 'sms-v2' | 'im-v1') {
    const calls: unknown[] = [];
    const events: ReceiverErrorEvent[] = [];
    const onStatus = (body: unknown) => void calls.push(body);
    const onError = (event: ReceiverErrorEvent) => void events.push(event);
    const receiver =
      api === 'sms-v2' ? createSmsV2StatusReceiver({ onStatus, onError }) : createImV1StatusReceiver({ rateLimit: 5, onStatus, onError });
    const server = await serve(listenerOf(receiver));
    return { url: server.url, calls, events };
  }

  it.each([
    ['gzip', 'sms-v2', 'ErrorBody', gzipSync(text)],
    ['gzip', 'im-v1', 'APIError', gzipSync(text)],
    ['gzip (a plain body labelled gzip)', 'sms-v2', 'ErrorBody', Buffer.from(text)],
    ['br', 'im-v1', 'APIError', Buffer.from(text)],
    ['deflate', 'sms-v2', 'ErrorBody', Buffer.from(text)],
    ['identity, gzip', 'sms-v2', 'ErrorBody', gzipSync(text)],
    ['x-unknown', 'im-v1', 'APIError', Buffer.from(text)],
  ] as const)('refuses Content-Encoding %s at %s: 415 in its %s shape', async (encoding, api, schema, body) => {
    const { url, calls, events } = await start(api);
    const received = await send(url, {
      headers: { 'content-type': 'application/json', 'content-encoding': encoding.replace(/ \(.*\)$/, '') },
      body,
    });
    expect(received.status).toBe(415);
    expect(received.headers['accept-encoding']).toBe('identity');
    const error = JSON.parse(received.text) as Record<string, unknown>;
    expect(conformance(api, schema, error)).toEqual([]);
    expect(error[api === 'sms-v2' ? 'statusCode' : 'code']).toBe(415);
    expect(calls).toEqual([]);
    expect(events).toEqual([{ status: 415, reason: 'unsupported_encoding' }]);
  });

  // Node decodes only `chunked` and passes `gzip, chunked` with the gzip left undone (RFC 9112
  // section 6.1: a transfer coding the server does not understand is refused, never read as if decoded).
  it.each([
    ['gzip, chunked', 'sms-v2', 'ErrorBody', gzipSync(text)],
    ['gzip, chunked (a plain body labelled gzip)', 'im-v1', 'APIError', Buffer.from(text)],
    ['x-unknown, chunked', 'sms-v2', 'ErrorBody', Buffer.from(text)],
  ] as const)('refuses Transfer-Encoding %s at %s: 415 in its %s shape', async (coding, api, schema, body) => {
    const { url, calls, events } = await start(api);
    const received = await send(url, {
      headers: { 'content-type': 'application/json', 'transfer-encoding': coding.replace(/ \(.*\)$/, '') },
      body,
      chunked: true,
    });
    expect(received.status).toBe(415);
    const error = JSON.parse(received.text) as Record<string, unknown>;
    expect(conformance(api, schema, error)).toEqual([]);
    expect(error[api === 'sms-v2' ? 'statusCode' : 'code']).toBe(415);
    expect(error.message).toMatch(/Transfer-Encoding/);
    expect(calls).toEqual([]);
    expect(events).toEqual([{ status: 415, reason: 'unsupported_transfer_coding' }]);
  });

  it('accepts Transfer-Encoding chunked alone', async () => {
    const { url, calls } = await start('im-v1');
    const received = await send(url, { headers: { 'content-type': 'application/json', 'transfer-encoding': 'Chunked' }, body: text, chunked: true });
    expect(received.status).toBe(200);
    expect(calls).toEqual([JSON.parse(text)]);
  });

  it.each(['identity', 'Identity', ' identity '])('accepts Content-Encoding %j', async (encoding) => {
    const { url, calls } = await start('sms-v2');
    const received = await send(url, { headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body: text });
    expect(received.status).toBe(200);
    expect(calls).toEqual([JSON.parse(text)]);
  });
});

it('uses a body express.json() has decoded from gzip', async () => {
  const calls: unknown[] = [];
  const app = express();
  app.use(express.json());
  app.post('/callbacks', createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body) }).node);
  const server = await serve(app as unknown as RequestListener);
  const received = await send(server.url, {
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync(text),
  });
  expect(received.status).toBe(200);
  expect(calls).toEqual([JSON.parse(text)]);
});
