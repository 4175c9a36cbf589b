import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptsEncoding, ifNoneMatch, preferredEncoding, resolveFile, startServer } from './server.mjs';

const root = mkdtempSync(join(tmpdir(), 'docs-server-'));
writeFileSync(join(root, 'index.html'), '<p>home</p>');
writeFileSync(join(root, 'api.yaml'), 'openapi: 3.1.0\n');
// A precompressed page and a content-hashed script, as the build writes them.
const page = Buffer.from('<p>page</p>'.repeat(50));
writeFileSync(join(root, 'page.html'), page);
writeFileSync(join(root, 'page.html.br'), brotliCompressSync(page));
writeFileSync(join(root, 'page.html.gz'), gzipSync(page));
writeFileSync(join(root, 'app.0123456789ab.js'), 'x()');
mkdirSync(join(root, 'sub'));
writeFileSync(join(root, 'sub', 'index.html'), '<p>sub</p>');
// A file beside root: what a path traversal would reach.
const outside = join(tmpdir(), 'docs-server-outside.txt');
writeFileSync(outside, 'secret');

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ root });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

describe('startServer', () => {
  it('listens on 127.0.0.1 only, on a free port when asked for port 0', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it.each([
    ['/', 200, 'text/html; charset=utf-8', '<p>home</p>'],
    ['/index.html', 200, 'text/html; charset=utf-8', '<p>home</p>'],
    ['/sub/', 200, 'text/html; charset=utf-8', '<p>sub</p>'],
    ['/api.yaml', 200, 'text/yaml; charset=utf-8', 'openapi: 3.1.0\n'],
    ['/index.html?x=1#y', 200, 'text/html; charset=utf-8', '<p>home</p>'],
    ['/missing.html', 404, 'text/plain; charset=utf-8', 'Not found\n'],
    ['/../docs-server-outside.txt', 404, 'text/plain; charset=utf-8', 'Not found\n'],
    ['/%2e%2e/docs-server-outside.txt', 404, 'text/plain; charset=utf-8', 'Not found\n'],
    ['/..%2fdocs-server-outside.txt', 404, 'text/plain; charset=utf-8', 'Not found\n'],
  ])('GET %s answers %i', async (path, status, type, body) => {
    // fetch would normalise the dots away; a raw request path is what an attacker sends.
    const response = await rawGet(path);
    expect(response.status).toBe(status);
    expect(response.type).toBe(type);
    expect(response.body).toBe(body);
  });

  it('answers 304 to a revalidation of an unchanged file, so shared files are fetched once', async () => {
    const first = await fetch(`${server.url}index.html`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}index.html`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
    ['*', 'br'],
    // The client's q-values rank the codings (RFC 9110 section 12.5.3); the server's order breaks ties.
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.4, br;q=0.8', 'br'],
    ['br;q=0.1, identity;q=0.5', undefined],
    // A malformed q is ignored with its entry: gzip is not taken as accepted.
    ['gzip;q=abc', undefined],
    ['br;q=abc, gzip;q=0.2', 'gzip'],
  ])('sends the precompressed variant the client accepts (Accept-Encoding: %s → %s), with Vary and the type of the file', async (accept, encoding) => {
    const response = await rawGet('/page.html', { 'accept-encoding': accept });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.type).toBe('text/html; charset=utf-8');
    const decoded = encoding === 'br' ? brotliDecompressSync(response.raw) : encoding === 'gzip' ? gunzipSync(response.raw) : response.raw;
    expect(decoded.equals(page)).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(response.raw.length);
  });

  it('gives each encoding its own ETag, so a revalidation never swaps one for another', async () => {
    const br = await rawGet('/page.html', { 'accept-encoding': 'br' });
    const plain = await rawGet('/page.html', {});
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect((await rawGet('/page.html', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).status).toBe(304);
    expect((await rawGet('/page.html', { 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it.each([
    ['a weak tag', (etag: string) => `W/${etag}`],
    ['a list holding it', (etag: string) => `"other", ${etag}, W/"more"`],
    ['a list holding its weak form', (etag: string) => `"other",W/${etag}`],
    ['*', () => '*'],
  ])('answers 304 to If-None-Match with %s (weak comparison, RFC 9110 section 13.1.2)', async (_title, header) => {
    const etag = String((await rawGet('/page.html', {})).headers.etag);
    const again = await rawGet('/page.html', { 'if-none-match': header(etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });

  it.each([['"other"'], ['W/"other", "else"'], ['not a tag']])('answers 200 to If-None-Match: %s', async (header) => {
    expect((await rawGet('/page.html', { 'if-none-match': header })).status).toBe(200);
  });

  it('lets browsers keep a content-hashed file for a year, and revalidate everything else', async () => {
    expect((await rawGet('/app.0123456789ab.js', {})).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await rawGet('/page.html', {})).headers['cache-control']).toBe('no-cache');
    expect((await rawGet('/index.html', {})).headers.vary).toBeUndefined();
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await fetch(server.url, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('acceptsEncoding', () => {
  it.each([
    ['gzip;q=abc', 'gzip', false],
    ['gzip;q=2', 'gzip', false],
    ['gzip;q=0.001', 'gzip', true],
    ['gzip;q=0.0001', 'gzip', false],
    ['gzip, br', 'br', true],
    ['gzip;q=0.5', 'gzip', true],
    ['gzip; q=0', 'gzip', false],
    ['*;q=0.1', 'br', true],
    ['*, br;q=0', 'br', false],
    [undefined, 'gzip', false],
  ])('%j accepts %s: %s', (header, name, want) => {
    expect(acceptsEncoding(header)(name)).toBe(want);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0', undefined],
    ['*;q=0.5, identity', undefined],
    ['*;q=0.5', 'br'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
  ])('%j → %s', (header, want) => {
    expect(preferredEncoding(header, ['br', 'gzip'])).toBe(want);
  });
});

describe('ifNoneMatch', () => {
  it.each([
    ['*', true],
    ['"a"', true],
    ['W/"a"', true],
    [' "b" , W/"a" ', true],
    ['"b"', false],
    ['a', false],
    ['', false],
    [undefined, false],
  ])('%j against "a": %s', (header, want) => {
    expect(ifNoneMatch(header, '"a"')).toBe(want);
  });
});

describe('resolveFile', () => {
  it.each([['/\0index.html'], ['/%E0%A4%A']])('names no file for a malformed path %j', (path) => {
    expect(resolveFile(root, path)).toBeUndefined();
  });
});

async function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | undefined; body: string; raw: Buffer; headers: import('node:http').IncomingHttpHeaders }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: raw.toString('utf8'), raw, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
