// The Node handler behind real Express (4 and 5) over real HTTP: a body parser registered app-wide
// that did not read the stream must not make the receiver acknowledge a body it never saw
// (sections 4.2, 6: a 200 tells the sender the callback was processed, so it is not redelivered).
import type { RequestListener } from 'node:http';
import express5 from 'express';
import express4 from 'express4';
import { describe, expect, it } from 'vitest';
import { createImV1StatusReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { conformance } from './test-support/contract.js';
import { postJson, send, serversClosedAfterEach } from './test-support/http.js';
import { uuid } from './test-support/spec-document.js';

const serve = serversClosedAfterEach();

// Both majors in use: Express 4's body-parser 1 sets `req.body = {}` before deciding not to parse;
// Express 5's body-parser 2 leaves it undefined.
const expresses = [
  ['Express 4', express4 as unknown as typeof express5],
  ['Express 5', express5],
] as const;

const status = { id: uuid, status: 'sent', detail: 'delivered to handset' };

describe.each(expresses)('%s', (_name, express) => {
  async function startApp(setup: (app: ReturnType<typeof express5>) => void) {
    const calls: unknown[] = [];
    const app = express();
    setup(app);
    app.post('/callbacks', createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body) }).node);
    const server = await serve(app as unknown as RequestListener);
    return { url: server.url, calls };
  }

  it('reads the body itself behind an app-wide express.urlencoded()', async () => {
    const { url, calls } = await startApp((app) => app.use(express.urlencoded({ extended: false })));
    const received = await postJson(url, status);
    expect(received.status).toBe(200);
    expect(calls).toEqual([status]);
  });

  it('reads the body itself behind express.json() registered for another type', async () => {
    const { url, calls } = await startApp((app) => app.use(express.json({ type: 'application/vnd.other+json' })));
    const received = await postJson(url, status);
    expect(received.status).toBe(200);
    expect(calls).toEqual([status]);
  });

  it('still refuses what it reads itself behind a parser that skipped it', async () => {
    const { url, calls } = await startApp((app) => app.use(express.urlencoded({ extended: false })));
    const received = await send(url, { headers: { 'content-type': 'application/json' }, body: '{"status":' });
    expect(received.status).toBe(400);
    expect(conformance('sms-v2', 'ErrorBody', JSON.parse(received.text))).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('uses the body express.json() parsed and consumed', async () => {
    const { url, calls } = await startApp((app) => app.use(express.json()));
    const received = await postJson(url, status);
    expect(received.status).toBe(200);
    expect(calls).toEqual([status]);
    const invalid = await postJson(url, { id: uuid, status: 'delivered' });
    expect(invalid.status).toBe(400);
    expect(calls).toEqual([status]);
  });

  it('does not acknowledge an empty body that express.json() turned into {}', async () => {
    const calls: unknown[] = [];
    const app = express();
    app.use(express.json());
    app.post('/callbacks', createImV1StatusReceiver({ rateLimit: 10, onStatus: (body) => void calls.push(body) }).node);
    const server = await serve(app as unknown as RequestListener);
    const received = await send(server.url, { headers: { 'content-type': 'application/json' }, body: '' });
    expect(received.status).toBe(400);
    expect(calls).toEqual([]);
  });
});
