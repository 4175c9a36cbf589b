// Hostile control requests (bounded: a few hundred runs, seconds): random methods, documented and
// garbage paths, session ids, Host and Origin headers, media types, and bodies (random JSON, deep
// nesting, long strings, prototype-pollution keys, wrong types). Whatever comes, the sandbox answers
// its own JSON with a status the control API uses, never a 500 or a crash, stays responsive, and
// nothing leaks into Object.prototype.
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { controlApiDocument } from '../src/control.js';
import { type Sandbox, startSandbox } from '../src/index.js';

let sandbox: Sandbox;
let sessionId: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, sessions: { max: 5 } });
  sessionId = sandbox.createSession().id;
});
afterAll(() => sandbox.close());

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { host: url.host, ...headers, ...framing } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const templates = Object.keys(controlApiDocument.paths as object);
const path = fc.oneof(
  fc.constantFrom(...templates).chain((template) =>
    fc.constantFrom(sessionId, 'ffffffffffffffff', '..', '%00', 'x'.repeat(300), '__proto__').map((id) => `/__sandbox${template.replace('{sessionId}', id)}`),
  ),
  fc.webPath().map((p) => `/__sandbox${p}`),
);
const hostile = fc.oneof(
  fc.json({ depthSize: 'medium' }),
  fc.integer({ min: 1, max: 200 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.constantFrom(
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"operation":"im-v1.sendMessage","status":500,"times":1e308}',
    '{"operation":"im-v1.sendMessage","status":"500"}',
    '{"operation":{"toString":1},"status":500}',
    '{"ms":-1}',
    '{"ms":1e9}',
    '{"imStatus":"file:///etc/passwd"}',
    '{"imStatus":"http://127.0.0.1:1/__sandbox/status"}',
    '{"callbacks":{"smsStatus":"gopher://x"}}',
    '{"id":null,"status":null}',
    `{"id":"${'a'.repeat(60_000)}","status":"read"}`,
    '[]',
    'null',
    'not json',
  ),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', ''),
    origin: fc.constantFrom('https://evil.example', 'http://localhost:5173', 'null'),
    host: fc.constantFrom('rebind.evil.example', 'localhost', '127.0.0.1:1'),
  },
  { requiredKeys: [] },
);

it('answers every hostile control request with its own JSON and a control status, never a 500', { timeout: 60_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), path, headers, fc.option(hostile, { nil: undefined }), async (method, target, given, body) => {
      const answer = await send(method, target, given as Record<string, string>, method === 'GET' ? undefined : body);
      expect([200, 201, 400, 401, 403, 404, 405, 413, 415, 429]).toContain(answer.status);
      const parsed = JSON.parse(answer.text);
      if (answer.status >= 400) expect(typeof parsed.error).toBe('string');
    }),
    { numRuns: 300, interruptAfterTimeLimit: 30_000 },
  );
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((await fetch(`${sandbox.url}/__sandbox/`)).status).toBe(200);
});
