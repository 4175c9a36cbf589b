import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFile, startServer } from './server.mjs';

const root = mkdtempSync(join(tmpdir(), 'docs-server-'));
writeFileSync(join(root, 'index.html'), '<p>home</p>');
writeFileSync(join(root, 'api.yaml'), 'openapi: 3.1.0\n');
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

  it('refuses methods other than GET and HEAD', async () => {
    const response = await fetch(server.url, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('resolveFile', () => {
  it.each([['/\0index.html'], ['/%E0%A4%A']])('names no file for a malformed path %j', (path) => {
    expect(resolveFile(root, path)).toBeUndefined();
  });
});

async function rawGet(path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}
