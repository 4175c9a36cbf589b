// Item 12 of issue 12: a path parameter stays one segment of the path. `.` and `..` became dot
// segments, which fetch resolves away (GET /rest/gateway/ instead of /messages/..). No encoding
// can carry them through fetch: the WHATWG URL parser, which fetch applies, reads `%2E` and
// `%2E%2E` as dot segments too. So those two values are refused before anything is sent, and
// every other value, `%2e` forms included, arrives as exactly one segment that decodes to it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreClient } from './client.js';
import { thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Paths = {
  '/things/{id}': {
    get: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
    };
  };
};

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
const client = () =>
  createCoreClient<Paths>({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: 'k' } });
const get = (id: string) => client().GET('/things/{id}', { params: { path: { id } } });

describe('path parameters', () => {
  it.each(['.', '..'])('refuses %j before sending, naming the parameter', async (id) => {
    const before = server.requests.length;
    const error = await thrown(() => get(id));
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/path parameter id/);
    expect(server.requests.length).toBe(before);
  });

  it.each([
    ['%2e', '%252e'],
    ['%2E%2E', '%252E%252E'],
    ['.%2e', '.%252e'],
    ['...', '...'],
    ['a/..', 'a%2F..'],
    ['../admin', '..%2Fadmin'],
  ])('sends %j as the one segment %s', async (id, segment) => {
    server.reply({ status: 200, body: {} });
    await get(id);
    expect(server.requests.at(-1)?.target).toBe(`/rest/test/things/${segment}`);
  });

  it('any other value arrives as exactly one segment that decodes to it', async () => {
    const unit = fc.constantFrom('.', '%', '2', 'e', 'E', '/', '\\', '?', '#', ';', ' ', 'a', 'é');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit, minLength: 1, maxLength: 8 }).filter((id) => id !== '.' && id !== '..'), async (id) => {
        server.reply({ status: 200, body: {} });
        await get(id);
        const target = server.requests.at(-1)?.target ?? '';
        expect(target.startsWith('/rest/test/things/')).toBe(true);
        const segment = target.slice('/rest/test/things/'.length);
        expect(segment).not.toContain('/');
        expect(decodeURIComponent(segment)).toBe(id);
      }),
      { numRuns: 200 },
    );
  });
});
