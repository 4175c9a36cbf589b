import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CoreClientOptions, createCoreClient } from './client.js';
import { ClientNetworkError } from './errors.js';
import { retryPolicy } from './retry.js';
import { shown, thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, refusedUrl, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

// A two-operation contract, shaped as openapi-typescript generates it.
type Json = { 'application/json': Record<string, unknown> };
interface TestPaths {
  '/things': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: { q?: string }; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: Record<string, unknown>; content: Json }; default: { headers: Record<string, unknown>; content: Json } };
    };
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: Json };
      responses: { 201: { headers: Record<string, unknown>; content: Json }; 429: { headers: Record<string, unknown>; content: Json } };
    };
  };
}

const PASSWORD = 'pw-5e1d77c0';
const API_KEY = 'key-0b9a41f2';
const basic = { type: 'basic', username: 'acme', password: PASSWORD } as const;
const retryRule = { header: 'RetryAfter', minSeconds: 10, maxSeconds: 1000 };

let server: RecordingServer;
beforeEach(async () => {
  server = await startRecordingServer();
});
afterEach(async () => {
  await server.close();
});

function client(options: Partial<CoreClientOptions> = {}) {
  return createCoreClient<TestPaths>({ baseUrl: server.url, basePath: '/rest/test', auth: basic, ...options });
}

describe('headers fixed at creation', () => {
  it('sends auth and Accept on every request, Content-Type only with a body', async () => {
    server.reply({ status: 200, body: {} }, { status: 201, body: {} });
    await client().GET('/things');
    await client().POST('/things', { body: { a: 1 } });
    const [get, post] = server.requests;
    expect(get?.headers.authorization).toBe(`Basic ${Buffer.from(`acme:${PASSWORD}`).toString('base64')}`);
    expect(get?.headers.accept).toBe('application/json');
    expect(get?.headers['content-type']).toBeUndefined();
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.body).toBe('{"a":1}');
  });

  it('sends a raw key in the named header', async () => {
    server.reply({ status: 200, body: {} });
    await client({ auth: { type: 'header', name: 'authorization', value: API_KEY } }).GET('/things');
    expect(server.requests[0]?.headers.authorization).toBe(API_KEY);
  });

  it('builds requests with the given Request constructor', async () => {
    const built: string[] = [];
    const NativeRequest = Request;
    function RecordingRequest(input: string, init: RequestInit) {
      built.push(input);
      return new NativeRequest(input, init);
    }
    server.reply({ status: 200, body: {} });
    await client({ Request: RecordingRequest as unknown as typeof Request }).GET('/things');
    expect(built).toEqual([`${server.url}/rest/test/things`]);
  });

  it('lets a call override Accept', async () => {
    server.reply({ status: 200, body: 'x: 1', headers: { 'Content-Type': 'application/yaml' } });
    const { data } = await client().GET('/things', { headers: { Accept: 'application/yaml' }, parseAs: 'text' });
    expect(server.requests[0]?.headers.accept).toBe('application/yaml');
    expect(data).toBe('x: 1');
  });

  it("builds the URL as openapi-fetch does: a call's querySerializer, its leading ? dropped, or none when it returns nothing", async () => {
    server.reply({ status: 200, body: {} }, { status: 200, body: {} });
    await client().GET('/things', { params: { query: { q: 'x' } }, querySerializer: (query) => `?q=${String(query.q).toUpperCase()}` });
    await client().GET('/things', { params: { query: { q: 'x' } }, querySerializer: () => '' });
    expect(server.requests.map((r) => r.target)).toEqual(['/rest/test/things?q=X', '/rest/test/things']);
  });

  it('requests under the base path', async () => {
    server.reply({ status: 200, body: {} });
    await client({ pathPrefix: '/my%20app' }).GET('/things', { params: { query: { q: 'a b' } } });
    expect(server.requests[0]?.path).toBe('/rest/test/my%20app/things');
    expect(server.requests[0]?.query.get('q')).toBe('a b');
  });
});

describe('responses stay openapi-fetch results', () => {
  it('parses a JSON error body', async () => {
    server.reply({ status: 404, body: { message: 'no' } });
    const { data, error, response } = await client().GET('/things');
    expect(data).toBeUndefined();
    expect(error).toEqual({ message: 'no' });
    expect(response.status).toBe(404);
  });

  it('returns a non-JSON error body as text', async () => {
    server.reply({ status: 502, body: '<html>Bad gateway</html>', headers: { 'Content-Type': 'text/html' } });
    const { error, response } = await client().GET('/things');
    expect(error).toBe('<html>Bad gateway</html>');
    expect(response.status).toBe(502);
  });
});

describe('network failures and timeouts: one error class, no credentials', () => {
  it('a refused connection is a network ClientNetworkError', async () => {
    const c = createCoreClient<TestPaths>({ baseUrl: await refusedUrl(), basePath: '/rest/test', auth: basic });
    const error = await thrown(() => c.GET('/things', { params: { query: { q: 'x' } } }));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'network', method: 'GET' });
    expect((error as ClientNetworkError).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rest\/test\/things$/);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(shown(error)).not.toContain(PASSWORD);
    expect(shown(error)).not.toContain(Buffer.from(`acme:${PASSWORD}`).toString('base64'));
  });

  it('a refused connection with an API key leaks no key', async () => {
    const c = createCoreClient<TestPaths>({
      baseUrl: await refusedUrl(),
      basePath: '/rest/test',
      auth: { type: 'header', name: 'authorization', value: API_KEY },
    });
    expect(shown(await thrown(() => c.GET('/things')))).not.toContain(API_KEY);
  });

  it('a custom fetch that throws with the credentials is scrubbed', async () => {
    const c = client({
      fetch: async (request) => {
        throw new Error(`proxy refused ${request.headers.get('authorization')}`);
      },
    });
    const error = await thrown(() => c.GET('/things'));
    expect(error).toMatchObject({ kind: 'network' });
    expect(shown(error)).toContain('proxy refused Basic [REDACTED]');
    expect(shown(error)).not.toContain(Buffer.from(`acme:${PASSWORD}`).toString('base64'));
  });

  it.each([
    ['no answer', { hang: true } as const],
    ['a stalled body', { stallBody: true } as const],
  ])('%s times out after timeoutMs', async (_title, reply) => {
    server.reply(reply);
    const started = Date.now();
    const error = await thrown(() => client({ timeoutMs: 150 }).GET('/things'));
    expect(error).toBeInstanceOf(ClientNetworkError);
    expect(error).toMatchObject({ kind: 'timeout', method: 'GET', url: `${server.url}/rest/test/things` });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(shown(error)).not.toContain(PASSWORD);
  });

  it('a custom fetch gets the time limit as init.signal', async () => {
    let seen: AbortSignal | undefined;
    const c = client({
      timeoutMs: 100,
      fetch: (request, init) => {
        seen = init?.signal ?? undefined;
        return fetch(request, init);
      },
    });
    server.reply({ hang: true });
    await expect(c.GET('/things')).rejects.toMatchObject({ kind: 'timeout' });
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(ClientNetworkError);
  });

  it("passes the caller's abort reason on unchanged", async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    setTimeout(() => controller.abort(reason), 50);
    await expect(client().GET('/things', { signal: controller.signal })).rejects.toBe(reason);
  });

  it.each([
    ['the credential', `${PASSWORD} was sent`],
    ['the encoded Basic token', Buffer.from(`acme:${PASSWORD}`).toString('base64')],
  ])('a non-JSON success body echoing %s throws a SyntaxError that quotes nothing', async (_title, body) => {
    server.reply({ status: 200, body, headers: { 'Content-Type': 'text/plain' } });
    const error = await thrown(() => client().GET('/things'));
    expect(error).toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toBe(`GET ${server.url}/rest/test/things: body is not JSON (see parseAs)`);
    expect(shown(error)).not.toContain(body.slice(0, 6));
  });

  it.each([[-1], [Number.NaN], [2 ** 31]])('rejects timeoutMs %s', (timeoutMs) => {
    expect(() => client({ timeoutMs })).toThrow(RangeError);
  });
});

describe('429 retry (only where configured)', () => {
  function retrying(max: number, waits: number[], timeoutMs = 30_000) {
    return client({
      timeoutMs,
      retry: retryPolicy(
        {
          max,
          sleep: async (ms) => {
            waits.push(ms);
          },
        },
        retryRule,
      ),
    });
  }
  const tooMany = (retryAfter?: string) => ({
    status: 429,
    body: { code: 429, message: 'Rate limit exceeded' },
    ...(retryAfter ? { headers: { RetryAfter: retryAfter } } : {}),
  });

  it('waits RetryAfter seconds, then re-sends the same request', async () => {
    const waits: number[] = [];
    server.reply(tooMany('12'), { status: 201, body: { ok: true } });
    const { data, response } = await retrying(2, waits).POST('/things', { body: { n: 1 } });
    expect(response.status).toBe(201);
    expect(data).toEqual({ ok: true });
    expect(waits).toEqual([12_000]);
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/rest/test/things', '{"n":1}'],
      ['POST', '/rest/test/things', '{"n":1}'],
    ]);
  });

  it('gives up after max retries and returns the typed 429', async () => {
    const waits: number[] = [];
    server.reply(tooMany('10'), tooMany('10'), tooMany('10'), { status: 201, body: {} });
    const { error, response } = await retrying(2, waits).POST('/things', { body: {} });
    expect(response.status).toBe(429);
    expect(error).toEqual({ code: 429, message: 'Rate limit exceeded' });
    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([10_000, 10_000]);
  });

  it('does not wait past the time limit', async () => {
    const waits: number[] = [];
    server.reply(tooMany('1000'));
    const { response } = await retrying(2, waits, 60_000).POST('/things', { body: {} });
    expect(response.status).toBe(429);
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('a 429 that names no wait is returned at once', async () => {
    const waits: number[] = [];
    server.reply(tooMany(), { status: 201, body: {} });
    const { response } = await retrying(2, waits).POST('/things', { body: {} });
    expect(response.status).toBe(429);
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('without a retry policy a 429 is returned at once', async () => {
    server.reply(tooMany('10'), { status: 201, body: {} });
    const { response } = await client().POST('/things', { body: {} });
    expect(response.status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it('a wait is cut short by the caller aborting', async () => {
    server.reply(tooMany('10'));
    const controller = new AbortController();
    const reason = new Error('stop');
    const c = client({ retry: retryPolicy({ max: 2 }, retryRule) });
    const call = c.POST('/things', { body: {}, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 100);
    await expect(call).rejects.toBe(reason);
  });
});

describe('one Request per call: fetch(url, init) unless something else sees the request', () => {
  // Counts the Requests built outside fetch (by openapi-fetch, or by our fallback); fetch's own are
  // undici's and not counted. Clients are created inside the stub, as openapi-fetch reads the
  // global Request at creation.
  function countingRequests() {
    const built: string[] = [];
    const NativeRequest = Request;
    vi.stubGlobal(
      'Request',
      class CountingRequest extends NativeRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(input, init);
          built.push(this.method);
        }
      },
    );
    return built;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a plain call builds no Request of its own and sends the same request', async () => {
    const built = countingRequests();
    const c = client();
    server.reply({ status: 200, body: { a: 1 } }, { status: 201, body: { b: 2 } });
    expect((await c.GET('/things', { params: { query: { q: 'x y' } } })).data).toEqual({ a: 1 });
    expect((await c.POST('/things', { body: { n: 1 } })).data).toEqual({ b: 2 });
    expect(built).toEqual([]);
    const [get, post] = server.requests;
    expect(get?.query.get('q')).toBe('x y');
    expect(get?.headers['content-type']).toBeUndefined();
    expect(post?.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' });
    expect(post?.headers.authorization).toMatch(/^Basic /);
    expect(post?.body).toBe('{"n":1}');
  });

  it('a middleware gets a real Request, and what it changes is sent', async () => {
    const built = countingRequests();
    const c = client();
    const seen: unknown[] = [];
    c.use({
      onRequest({ request }) {
        seen.push(request);
        request.headers.set('X-Trace', 't-1');
      },
    });
    server.reply({ status: 201, body: {} });
    await c.POST('/things', { body: { n: 2 } });
    expect(seen[0]).toBeInstanceOf(Request);
    expect(built).toEqual(['POST']);
    expect(server.requests[0]?.headers['x-trace']).toBe('t-1');
    expect(server.requests[0]?.body).toBe('{"n":2}');
  });

  it('so does a per-call middleware, and a custom fetch', async () => {
    const seen: unknown[] = [];
    server.reply({ status: 200, body: {} }, { status: 200, body: {} });
    await client().GET('/things', { middleware: [{ onRequest: ({ request }) => void seen.push(request) }] });
    await client({
      fetch: (request, init) => {
        seen.push(request);
        return fetch(request, init);
      },
    }).GET('/things');
    expect(seen).toHaveLength(2);
    for (const request of seen) expect(request).toBeInstanceOf(Request);
  });

  it('a call with a RequestInit extra still builds a Request, and keeps the extra', async () => {
    const built = countingRequests();
    server.reply({ status: 200, body: {} });
    await client().GET('/things', { cache: 'no-store' });
    expect(built).toEqual(['GET']);
  });

  it('what the Request constructor refuses is still a TypeError, not a network error', async () => {
    const c = client() as unknown as { request: (method: string, url: string, init?: object) => Promise<unknown> };
    const refused = (e: unknown) => e instanceof TypeError && !(e instanceof ClientNetworkError);
    await expect(c.request('trace', '/things')).rejects.toSatisfy(refused);
    await expect(c.request('get', '/things', { body: { n: 1 } })).rejects.toSatisfy(refused);
    // Exactly what the Request constructor says about the URL.
    const parseError = (await thrown(() => new Request('not a url/things'))) as Error;
    await expect(c.request('get', '/things', { baseUrl: 'not a url' })).rejects.toThrow(parseError.message);
    const untimed = client({ timeoutMs: 0 }) as unknown as typeof c;
    await expect(untimed.request('get', '/things', { signal: 'not a signal' })).rejects.toSatisfy(refused);
    expect(server.requests).toHaveLength(0);
  });

  it('a network error names the URL as a Request would, normalised', async () => {
    const c = createCoreClient<TestPaths>({ baseUrl: await refusedUrl(), basePath: '/rest/test', auth: basic });
    const untyped = c as unknown as { GET: (url: string) => Promise<unknown> };
    const error = await thrown(() => untyped.GET('/things a/ü?q=1'));
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as ClientNetworkError).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rest\/test\/things%20a\/%C3%BC$/);
  });
});

describe('middleware runs as openapi-fetch runs it', () => {
  it('onRequest in order, onResponse in reverse, each seeing what the one before left', async () => {
    const log: string[] = [];
    const c = client();
    c.use(
      {
        onRequest: ({ request }) => void log.push(`req1 ${request.headers.get('x-step')}`),
        onResponse: ({ response }) => void log.push(`res1 ${response.status} ${response.headers.get('x-replaced')}`),
      },
      {
        onRequest: ({ request }) => {
          log.push('req2');
          const replaced = new Request(request);
          replaced.headers.set('x-step', '2');
          return replaced;
        },
        onResponse: ({ response }) => {
          log.push(`res2 ${response.status}`);
          return new Response('{"replaced":true}', { status: 200, headers: { 'content-type': 'application/json', 'x-replaced': 'yes' } });
        },
      },
    );
    server.reply({ status: 200, body: { a: 1 } });
    const { data } = await c.GET('/things');
    expect(data).toEqual({ replaced: true });
    expect(log).toEqual(['req1 null', 'req2', 'res2 200', 'res1 200 yes']);
    expect(server.requests[0]?.headers['x-step']).toBe('2');
  });

  it('a Response from onRequest is the answer, and nothing is sent', async () => {
    const { data, response } = await client().GET('/things', {
      middleware: [{ onRequest: () => new Response('{"local":1}', { status: 200, headers: { 'content-type': 'application/json' } }) }],
    });
    expect(data).toEqual({ local: 1 });
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(0);
  });

  it('onError sees the network error and may answer instead; ejected middleware no longer runs', async () => {
    const c = createCoreClient<TestPaths>({ baseUrl: await refusedUrl(), basePath: '/rest/test', auth: basic });
    const seen: unknown[] = [];
    const recover = {
      onError: ({ error }: { error: unknown }) => {
        seen.push(error);
        return new Response('{"recovered":1}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    };
    c.use(recover);
    expect((await c.GET('/things')).data).toEqual({ recovered: 1 });
    expect(seen[0]).toBeInstanceOf(ClientNetworkError);
    c.eject(recover);
    await expect(c.GET('/things')).rejects.toBeInstanceOf(ClientNetworkError);
    expect(seen).toHaveLength(1);
  });

  it('what a middleware throws is thrown as it is, not taken for a body cut short or not JSON', async () => {
    server.reply({ status: 200, body: {} }, { status: 200, body: {} });
    for (const error of [new TypeError('onResponse failed'), new SyntaxError('onResponse failed')]) {
      const onResponse = () => {
        throw error;
      };
      await expect(client().GET('/things', { middleware: [{ onResponse }] })).rejects.toBe(error);
    }
  });

  it('refuses what openapi-fetch refuses', async () => {
    expect(() => client().use({} as never)).toThrow(/Middleware must be an object/);
    server.reply({ status: 200, body: {} });
    await expect(client().GET('/things', { middleware: [{ onRequest: () => 'x' as never }] })).rejects.toThrow(/onRequest: must return/);
  });
});
