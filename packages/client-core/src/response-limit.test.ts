// Item 9 of issue 12: a response body is bounded by maxResponseBytes. Without a bound a ~280 MB
// JSON body killed the process with an uncatchable V8 error; now the call fails with
// ClientNetworkError kind 'response-too-large', read no further than the limit.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreClient, DEFAULT_MAX_RESPONSE_BYTES } from './client.js';
import { ClientNetworkError } from './errors.js';
import { thrown } from '@messaging-contracts/test-kit/failure-suite';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Op = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  requestBody?: never;
  responses: { 200: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
};
type Paths = { '/big': { get: Op } };

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

const client = (maxResponseBytes?: number) =>
  createCoreClient<Paths>({
    baseUrl: server.url,
    basePath: '/rest/test',
    auth: { type: 'header', name: 'authorization', value: 'k-1' },
    ...(maxResponseBytes !== undefined && { maxResponseBytes }),
  });
const json = (bytes: number) => JSON.stringify('x'.repeat(bytes - 2));
const tooLarge = (error: unknown) => {
  expect(error).toBeInstanceOf(ClientNetworkError);
  expect(error).toMatchObject({ kind: 'response-too-large', method: 'GET', url: `${server.url}/rest/test/big` });
  expect(String(error)).toContain('maxResponseBytes');
};

describe('maxResponseBytes', () => {
  it.each([
    ['with Content-Length', {}],
    ['chunked, without Content-Length', { 'Transfer-Encoding': 'chunked' }],
  ])('a body one byte over the limit fails the call, %s', async (_title, headers) => {
    server.reply({ status: 200, headers: { 'Content-Type': 'application/json', ...headers }, body: json(1001) });
    tooLarge(await thrown(() => client(1000).GET('/big')));
  });

  it.each([
    ['with Content-Length', {}],
    ['chunked', { 'Transfer-Encoding': 'chunked' }],
  ])('a body of exactly the limit is read, %s', async (_title, headers) => {
    server.reply({ status: 200, headers: { 'Content-Type': 'application/json', ...headers }, body: json(1000) });
    const { data } = await client(1000).GET('/big');
    expect(data).toBe(JSON.parse(json(1000)));
  });

  it('an error body is bounded too', async () => {
    server.reply({ status: 500, headers: { 'Transfer-Encoding': 'chunked' }, body: 'e'.repeat(5000) });
    tooLarge(await thrown(() => client(1000).GET('/big')));
  });

  it('a gzip body is bounded after decoding (a small Content-Length does not vouch for it)', async () => {
    const body = gzipSync(json(100_000));
    expect(body.length).toBeLessThan(1000);
    server.reply({
      raw: [`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}\r\n\r\n`, body],
    });
    tooLarge(await thrown(() => client(1000).GET('/big')));
  });

  it('a Content-Length above the limit fails at once, before any body arrives', async () => {
    server.reply({ raw: [`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${DEFAULT_MAX_RESPONSE_BYTES + 1}\r\n\r\n`], end: 'hang' });
    tooLarge(await thrown(() => client().GET('/big')));
  });

  it('the default (16 MiB) holds for a chunked body sent without end', async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * 1024 * 1024);
    const chunk = 'x'.repeat(1024 * 1024);
    const size = (n: number) => n.toString(16);
    const head = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    // 17 MiB of chunks, then the connection stays open: only the limit can end this call.
    server.reply({ raw: [head, ...Array.from({ length: 17 }, () => `${size(chunk.length)}\r\n${chunk}\r\n`)], end: 'hang' });
    tooLarge(await thrown(() => client().GET('/big')));
  });

  it('a streamed body is bounded while the caller reads it', async () => {
    server.reply({ status: 200, headers: { 'Transfer-Encoding': 'chunked' }, body: json(5000) });
    const { data } = await client(1000).GET('/big', { parseAs: 'stream' });
    tooLarge(await thrown(() => new Response(data as ReadableStream).text()));
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1000'])('refuses maxResponseBytes %s, naming the option', (value) => {
    expect(() => client(value as number)).toThrow(/maxResponseBytes/);
  });
});
