// Bad input of any kind (random bodies, headers, paths, methods): the process never crashes, and
// every answer under a base path is in the documented shape of the interface whose base path was
// hit (checked with the bundle's own response validators); outside them, the sandbox's own 404.
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePath } from '../src/contract.js';
import { API_IDS, type ApiId } from '../src/index.js';
import { responseViolations, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
beforeAll(async () => {
  t = await sandboxWithClients({ maxBodyBytes: 4096 });
});
afterAll(() => t.sandbox.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const url = new URL(t.sandbox.url);
  return new Promise((resolve, reject) => {
    const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...framing } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// Each interface's base path, as its bundle's server URL gives it.
const basePaths = Object.fromEntries(API_IDS.map((api) => [api, basePath(api)])) as Record<ApiId, string>;

// Operations whose path a random path may hit, so the answer is checked against that operation's
// responses (they are the interface's error shapes, except D's delete endpoints' string).
function operationFor(api: ApiId, method: string, path: string): string {
  const rest = path.slice(basePaths[api].length).split('?')[0]!;
  if (api === 'campaign-manager-v1') {
    if (/^\/[^/]+\/lists\/[^/]+$/.test(rest) && method === 'DELETE') return `${api}.deleteList`;
    if (/^\/[^/]+\/delete_multiple_lists$/.test(rest) && method === 'POST') return `${api}.deleteMultipleLists`;
    return `${api}.listLists`;
  }
  if (api === 'sms-v2') return `${api}.sendMessage`;
  return `${api}.sendMessage`;
}

function credentialsFor(api: ApiId): Record<string, string> {
  const c = t.sandbox.credentials;
  switch (api) {
    case 'gateway-v1':
      return { authorization: `Basic ${Buffer.from(`${c[api].username}:${c[api].password}`).toString('base64')}` };
    case 'campaign-manager-v1':
      return { authorization: `Basic ${Buffer.from(`${c[api].username}:${c[api].password}`).toString('base64')}` };
    default:
      return { authorization: c[api].apiKey };
  }
}

const knownTails: Record<ApiId, string[]> = {
  'gateway-v1': ['/messages', '/messages/broadcast', '/messages/1', '/messages/x', '/messages/1/2'],
  'sms-v2': ['/messages', '/messages?id=1', '/openapi.yaml', '/nope'],
  'im-v1': ['/message', '/messages', '/message/1', ''],
  'campaign-manager-v1': ['/app/lists', '/app/lists/1', '/app/lists/x', '/app/delete_multiple_lists', '/app/scheduled_campaigns', '/app/templates', '/app/7/report', '/app'],
};

const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
const body = fc.oneof(
  fc.json(),
  fc.string(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constant('{"destination":'),
  fc.string({ minLength: 4097, maxLength: 5000 }),
);
const contentType = fc.constantFrom('application/json', 'text/plain', 'application/vnd.acme.gateway.v1+json', 'application/json; charset=utf-8', '');

describe('bad input, property-based', () => {
  it('answers every request under a base path in that interface\'s documented shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...API_IDS),
        method,
        fc.oneof(fc.constantFrom(...Object.values(knownTails).flat()), fc.webPath()),
        fc.boolean(),
        fc.option(body, { nil: undefined }),
        contentType,
        async (api, m, tail, authorized, payload, type) => {
          const path = basePaths[api] + (tail.startsWith('/') || tail === '' ? tail : `/${tail}`);
          const headers: Record<string, string> = { ...(authorized ? credentialsFor(api) : {}), ...(type && { 'content-type': type }) };
          const answer = await send(m, encodeURI(decodeURIComponentSafe(path)), headers, m === 'GET' ? undefined : payload);
          expect(answer.status).toBeLessThan(600);
          if (answer.status < 300 || answer.status === 204) return; // served: checked in operations.test.ts
          expect(answer.headers['content-type']).toBe('application/json');
          expect(responseViolations(operationFor(api, m, path), answer.status, JSON.parse(answer.text))).toEqual([]);
          // Never the credentials, in any shape.
          for (const secret of Object.values(credentialsFor(api))) expect(answer.text).not.toContain(secret);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it("answers outside every base path with the sandbox's own JSON 404", async () => {
    await fc.assert(
      fc.asyncProperty(method, fc.webPath(), async (m, path) => {
        fc.pre(!Object.values(basePaths).some((base) => path.startsWith(base)) && !path.startsWith('/__sandbox'));
        const answer = await send(m, encodeURI(decodeURIComponentSafe(path || '/')), {});
        expect(answer.status).toBe(404);
        expect(JSON.parse(answer.text)).toMatchObject({ error: 'not found' });
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('names field and rule for an oversized body, a wrong media type and malformed JSON', async () => {
    const auth = credentialsFor('gateway-v1');
    const big = await send('POST', '/rest/gateway/messages', { ...auth, 'content-type': 'application/json' }, 'x'.repeat(5000));
    expect([big.status, JSON.parse(big.text).message]).toEqual([413, expect.stringContaining('body must be at most 4096 bytes (max-body-bytes 4096)')]);
    const type = await send('POST', '/rest/gateway/messages', { ...auth, 'content-type': 'text/plain' }, '{}');
    expect([type.status, JSON.parse(type.text).message]).toEqual([415, expect.stringContaining('headers/content-type must be a documented JSON media type of this operation (media-type)')]);
    const json = await send('POST', '/rest/im/v1/message', { ...credentialsFor('im-v1'), 'content-type': 'application/json' }, '{"a":');
    expect(json.status).toBe(400);
    expect(JSON.parse(json.text).errors).toEqual([{ field: 'body', code: 400, description: 'body must be valid JSON rule json' }]);
  });

  // The route matcher decodes a path parameter only when it holds a '%' (routes.ts): encoded and
  // plain names must still name the same application, and a broken encoding must still match nothing.
  it('decodes percent-encoded path parameters, and answers a broken encoding as an unknown path', async () => {
    const auth = credentialsFor('campaign-manager-v1');
    const body = JSON.stringify({ name: 'n', members: [{ destination: '+27821234567' }] });
    const created = await send('POST', '/rest/campaign_manager/v1/my%20app/lists', { ...auth, 'content-type': 'application/json' }, body);
    expect(created.status).toBe(201);
    expect(created.headers.location).toMatch(/\/my%20app\/lists\/\d+$/);
    const listed = JSON.parse((await send('GET', '/rest/campaign_manager/v1/my%20app/lists', auth)).text) as { name: string }[];
    expect(listed.map((list) => list.name)).toEqual(['n']);
    expect(JSON.parse((await send('GET', '/rest/campaign_manager/v1/my%20ap%70/lists', auth)).text)).toHaveLength(1);
    const broken = await send('GET', '/rest/campaign_manager/v1/my%E0%A4%A/lists', auth);
    expect(broken.status).toBe(404);
    expect(responseViolations('campaign-manager-v1.listLists', 404, JSON.parse(broken.text))).toEqual([]);
  });
});

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path.replace(/%/g, '');
  }
}
