// Item 13 of issue 12: plain http to a non-loopback host (a test stub, the sandbox in a container
// network: http://sandbox:4010) only with the loudly named opt-in allowInsecureHttp; https-only
// stays the default. And a success body that is not JSON names the URL that answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSafeBaseUrl } from './base-url.js';
import { createCoreClient } from './client.js';
import { shown, thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Op = {
  parameters: { query?: { q?: string }; header?: never; path: { id: number }; cookie?: never };
  requestBody?: never;
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
};
type Paths = { '/things/{id}': { get: Op } };
const auth = { type: 'header', name: 'authorization', value: 'k-insecure-1' } as const;

describe('allowInsecureHttp', () => {
  it('is off by default: http to a non-loopback host is refused, naming the opt-in', () => {
    expect(() => assertSafeBaseUrl('http://sandbox:4010')).toThrow(/allowInsecureHttp/);
    expect(() => createCoreClient<Paths>({ baseUrl: 'http://sandbox:4010', basePath: '/rest/test', auth })).toThrow(/allowInsecureHttp/);
  });

  it('lets http://sandbox:4010 through, and the request goes there', async () => {
    expect(assertSafeBaseUrl('http://sandbox:4010', true).href).toBe('http://sandbox:4010/');
    const seen: string[] = [];
    const client = createCoreClient<Paths>({
      baseUrl: 'http://sandbox:4010',
      allowInsecureHttp: true,
      basePath: '/rest/test',
      auth,
      fetch: async (request) => {
        seen.push(request.url);
        return Response.json({});
      },
    });
    await client.GET('/things/{id}', { params: { path: { id: 7 } } });
    expect(seen).toEqual(['http://sandbox:4010/rest/test/things/7']);
  });

  it.each(['ftp://sandbox', 'http://user:pw@sandbox:4010', 'http://sandbox:4010?x=1'])('still refuses %s', (url) => {
    expect(() => assertSafeBaseUrl(url, true)).toThrow(TypeError);
  });

  it('is on only for true', () => {
    expect(() =>
      createCoreClient<Paths>({ baseUrl: 'http://sandbox:4010', basePath: '/rest/test', auth, allowInsecureHttp: 'yes' as unknown as boolean }),
    ).toThrow(/allowInsecureHttp/);
  });
});

describe('a success body that is not JSON', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('throws a SyntaxError naming the URL, not the path template, and quoting nothing', async () => {
    server.reply({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<h1>k-insecure-1 maintenance</h1>' });
    const client = createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth });
    const error = await thrown(() => client.GET('/things/{id}', { params: { path: { id: 42 }, query: { q: 'x' } } }));
    expect(error).toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toBe(`GET ${server.url}/rest/test/things/42: body is not JSON (see parseAs)`);
    expect(shown(error)).not.toContain('maintenance');
    expect(shown(error)).not.toContain('k-insecure-1');
  });
});
