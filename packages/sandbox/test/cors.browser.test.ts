// CORS from a real browser: a page on another loopback origin (its own node:http server) calls the
// sandbox's im-v1 interface with credentials and JSON in Debian's Chromium (never a downloaded
// browser), so the preflight and the answer's headers are checked by the browser itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';

const CHROMIUM = '/usr/bin/chromium';
let browser: Browser;
let page: Server;
let pageOrigin: string;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  page = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>')).listen(0, '127.0.0.1');
  await new Promise((resolve) => page.once('listening', resolve));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  page?.close();
});

/** From a page at `pageOrigin`, POSTs C's message to `base` with the API key; the status, or the browser's error. */
async function sendFromPage(sandbox: Sandbox, base: string) {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${pageOrigin}/`);
    return await tab.evaluate(
      async ({ url, key }) => {
        try {
          const answer = await fetch(url, {
            method: 'POST',
            headers: { authorization: key, 'content-type': 'application/json' },
            body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'from a browser' } } }),
          });
          return { status: answer.status, body: await answer.json() };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { url: `${base}/rest/im/v1/message`, key: sandbox.credentials['im-v1'].apiKey },
    );
  } finally {
    await tab.close();
  }
}

describe('CORS in Chromium', () => {
  it('answers a page on another loopback origin by default, preflight included', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const result = await sendFromPage(sandbox, `http://localhost:${new URL(sandbox.url).port}`);
      expect(result).toMatchObject({ status: 202, body: { id: expect.any(String) } });
      expect(sandbox.requests({ operation: 'im-v1.sendMessage' })).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('with --cors off, the browser refuses to let the page read the answer', async () => {
    const sandbox = await startSandbox({ port: 0, cors: 'off' });
    try {
      const result = await sendFromPage(sandbox, sandbox.url);
      expect(result).toMatchObject({ error: expect.stringMatching(/Failed to fetch/) });
      // The preflight was not allowed, so the POST itself was never sent.
      expect(sandbox.requests({ operation: 'im-v1.sendMessage' })).toHaveLength(0);
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});

describe('CORS headers', () => {
  it('allows a listed origin, never another one', async () => {
    const sandbox = await startSandbox({ port: 0, cors: ['https://app.example.test'] });
    try {
      const preflight = (origin: string) =>
        fetch(`${sandbox.urls['im-v1']}/message`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
        });
      const listed = await preflight('https://app.example.test');
      expect(listed.status).toBe(204);
      expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example.test');
      expect(listed.headers.get('access-control-allow-headers')).toMatch(/authorization, content-type/);
      const evil = await preflight('https://evil.example');
      expect(evil.status).toBe(403);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const read = await fetch(`${sandbox.urls['sms-v2']}/openapi.yaml`, { headers: { origin: 'https://evil.example' } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await sandbox.close();
    }
    await expect(startSandbox({ port: 0, cors: ['ftp://x'] })).rejects.toThrow(/cors origin/);
  });
});
