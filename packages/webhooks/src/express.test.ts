// The Node handler behind real Express (4 and 5) over real HTTP: a body parser registered app-wide
// that did not read the stream must not make the receiver acknowledge a body it never saw
// (sections 4.2, 6: a 200 tells the sender the callback was processed, so it is not redelivered).
import type { RequestListener } from 'node:http';
import express5 from 'express';
import express4 from 'express4';
import { describe, expect, it } from 'vitest';
import { secretPathSegment } from './authenticate.js';
import { createImV1StatusReceiver, createSmsV2StatusReceiver } from './receivers.js';
import { createCallbackRouter } from './router.js';
import { conformance } from './test-support/contract.js';
import { postJson, send, serversClosedAfterEach } from './test-support/http.js';
import { uuid } from './test-support/contract-values.js';

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
    const invalid = await postJson(url, { id: uuid, status: 'not a state' });
    expect(invalid.status).toBe(400);
    expect(calls).toEqual([status]);
  });

  it('keeps maxBodyBytes behind express.json() for a chunked body, which declares no length', async () => {
    const calls: unknown[] = [];
    const app = express();
    app.use(express.json());
    app.post('/callbacks', createSmsV2StatusReceiver({ maxBodyBytes: 1024, onStatus: (body) => void calls.push(body) }).node);
    const server = await serve(app as unknown as RequestListener);
    const json = { 'content-type': 'application/json' };
    const over = await send(server.url, { headers: json, body: JSON.stringify({ ...status, detail: 'x'.repeat(2000) }), chunked: true });
    expect(over.status).toBe(413);
    expect(conformance('sms-v2', 'ErrorBody', JSON.parse(over.text))).toEqual([]);
    // Counted in UTF-8 bytes: 400 three-byte characters are 1200 bytes in 400 string units.
    const wide = await send(server.url, { headers: json, body: JSON.stringify({ ...status, detail: '€'.repeat(400) }), chunked: true });
    expect(wide.status).toBe(413);
    const within = await send(server.url, { headers: json, body: JSON.stringify({ ...status, detail: 'x'.repeat(900) }), chunked: true });
    expect(within.status).toBe(200);
    expect(calls).toEqual([{ ...status, detail: 'x'.repeat(900) }]);
  });

  it('refuses a parsed body nested past the depth bound as it refuses it unparsed, also one too deep to serialise again', async () => {
    const calls: unknown[] = [];
    const app = express();
    app.use(express.json());
    app.post('/callbacks', createSmsV2StatusReceiver({ onStatus: (body) => void calls.push(body) }).node);
    const server = await serve(app as unknown as RequestListener);
    // An undocumented field nested 30 000 deep (60 kB): JSON.parse reads it, JSON.stringify cannot.
    const deep = `{"status":"sent","extra":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const received = await send(server.url, { headers: { 'content-type': 'application/json' }, body: deep, chunked: true });
    expect(received.status).toBe(400);
    const past = await send(server.url, { headers: { 'content-type': 'application/json' }, body: `{"status":"sent","extra":${'['.repeat(64)}${']'.repeat(64)}}` });
    expect(past.status).toBe(400);
    // At the bound (the object and 63 arrays: 64 levels), a valid status is taken.
    const at = await send(server.url, { headers: { 'content-type': 'application/json' }, body: `${JSON.stringify(status).slice(0, -1)},"extra":${'['.repeat(63)}${']'.repeat(63)}}` });
    expect(at.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('gives its own answers, authenticate first, when its routes come before an app-wide express.json()', async () => {
    const calls: unknown[] = [];
    const app = express();
    app.post(
      '/callbacks',
      createImV1StatusReceiver({ rateLimit: 10, authenticate: (request) => request.headers.get('x-token') === 'secret', onStatus: (body) => void calls.push(body) }).node,
    );
    app.use(express.json());
    app.post('/orders', (req, res) => void res.json({ parsed: req.body }));
    const server = await serve(app as unknown as RequestListener);
    const json = { 'content-type': 'application/json' };
    const stranger = await send(server.url, { headers: json, body: '{"status":' });
    expect(stranger.status).toBe(401);
    const malformed = await send(server.url, { headers: { ...json, 'x-token': 'secret' }, body: '{"status":' });
    expect(malformed.status).toBe(400);
    for (const answer of [stranger, malformed]) expect(conformance('im-v1', 'APIError', JSON.parse(answer.text))).toEqual([]);
    expect((await postJson(server.url, { status: 'read' }, { headers: { 'x-token': 'secret' } })).status).toBe(200);
    expect(calls).toEqual([{ status: 'read' }]);
    expect(JSON.parse((await postJson(server.url, { sku: 'A1' }, { path: '/orders' })).text)).toEqual({ parsed: { sku: 'A1' } });
  });

  it('lets secretPathSegment see the whole path when the receivers are mounted under a prefix holding the secret', async () => {
    const secret = 'Zq3v9YH0cT6mWnB2kR8xLp4sJd7fGa1e';
    const calls: unknown[] = [];
    const app = express();
    // Express takes the mount path off req.url (the router matches what is left) and keeps the
    // whole path in req.originalUrl.
    const receiver = createSmsV2StatusReceiver({ authenticate: secretPathSegment(secret), onStatus: (body) => void calls.push(body) });
    app.use('/callbacks/:secret', createCallbackRouter({ '/status': receiver }).node);
    const server = await serve(app as unknown as RequestListener);
    expect((await postJson(server.url, status, { path: `/callbacks/${secret}/status` })).status).toBe(200);
    const stranger = await postJson(server.url, status, { path: `/callbacks/${'x'.repeat(32)}/status` });
    expect(stranger.status).toBe(401);
    expect(conformance('sms-v2', 'ErrorBody', JSON.parse(stranger.text))).toEqual([]);
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
