// CORS from a real browser: a page on another loopback origin (its own node:http server) calls the
// sandbox's im-v1 interface with credentials and JSON in Debian's Chromium (never a downloaded
// browser), so the preflight and the answer's headers are checked by the browser itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
let browser: Browser;
let page: Server;
let pageOrigin: string;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>')).listen(0, '127.0.0.1');
  await new Promise((resolve) => page.once('listening', resolve));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  page?.close();
});

/**
 * From a page at `pageOrigin` in `inBrowser`, POSTs `body` as JSON to `url` with the credential;
 * the status, the response's type and body, or the browser's error.
 */
async function postFromPage(url: string, key: string, body: unknown, options: { redirect?: RequestRedirect; inBrowser?: Browser } = {}) {
  const tab = await (options.inBrowser ?? browser).newPage();
  try {
    await tab.goto(`${pageOrigin}/`);
    return await tab.evaluate(
      async ({ url, key, body, redirect }) => {
        try {
          const answer = await fetch(url, { method: 'POST', headers: { authorization: key, 'content-type': 'application/json' }, body: JSON.stringify(body), redirect });
          const text = await answer.text();
          return { status: answer.status, type: answer.type, body: text === '' ? undefined : JSON.parse(text) };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { url, key, body, redirect: options.redirect ?? 'follow' },
    );
  } finally {
    await tab.close();
  }
}

/** From a page at `pageOrigin`, POSTs C's message to `base` with the API key. */
function sendFromPage(sandbox: Sandbox, base: string, inBrowser?: Browser) {
  const message = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'from a browser' } } };
  return postFromPage(`${base}/rest/im/v1/message`, sandbox.credentials['im-v1'].apiKey, message, inBrowser ? { inBrowser } : {});
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

  it('with --cors off, the browser refuses to let the page read the answer, and the sandbox says why', async () => {
    const warnings: string[] = [];
    const sandbox = await startSandbox({ port: 0, cors: 'off', warn: (message) => warnings.push(message) });
    try {
      const result = await sendFromPage(sandbox, sandbox.url);
      expect(result).toMatchObject({ error: expect.stringMatching(/Failed to fetch/) });
      // The preflight was not allowed, so the POST itself was never sent.
      expect(sandbox.requests({ operation: 'im-v1.sendMessage' })).toHaveLength(0);
      // The page learns only "Failed to fetch"; the sandbox's warnings name the origin and the fix.
      expect(warnings).toEqual([expect.stringMatching(new RegExp(`^CORS refused the Origin "${pageOrigin}" \\(allowed: none \\(--cors off\\)\\).*--cors loopback`))]);
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});

describe('HTTPS in Chromium', () => {
  it("through the plain-HTTP listener, a page's call to B gets past the preflight and sees the redirect", async () => {
    const sandbox = await startSandbox({ port: 0, https: true });
    try {
      // The project's clients call with redirect: 'manual': a page then gets the opaque redirect
      // (the preflight, answered and not redirected, let the call through).
      const sms = { destination: '+447700900123', content: 'from a browser' };
      const result = await postFromPage(`${sandbox.httpUrl}/rest/sms/v2/messages`, sandbox.credentials['sms-v2'].apiKey, sms, { redirect: 'manual' });
      expect(result).toEqual({ status: 0, type: 'opaqueredirect', body: undefined });
      // Never reached the interface: the redirect was not followed.
      expect(sandbox.requests({ operation: 'sms-v2.sendMessage' })).toHaveLength(0);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('a Chromium started with the printed SPKI hash in --ignore-certificate-errors-spki-list calls the sandbox over HTTPS; without it, refused', async () => {
    const sandbox = await startSandbox({ port: 0, https: true });
    const trusting = await chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, `--ignore-certificate-errors-spki-list=${sandbox.certificate!.spkiSha256}`] });
    try {
      expect(await sendFromPage(sandbox, sandbox.url, trusting)).toMatchObject({ status: 202, body: { id: expect.any(String) } });
      expect(await sendFromPage(sandbox, sandbox.url)).toMatchObject({ error: expect.stringMatching(/Failed to fetch/) });
      expect(sandbox.requests({ operation: 'im-v1.sendMessage' })).toHaveLength(1);
    } finally {
      await trusting.close();
      await sandbox.close();
    }
  }, 60_000);
});

describe('CORS headers', () => {
  it('allows a listed origin, never another one', async () => {
    const sandbox = await startSandbox({ port: 0, cors: ['https://app.example.test'], warn: () => {} });
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
      expect(await evil.json()).toEqual({ error: 'this Origin is not allowed: the sandbox allows loopback origins and https://app.example.test; add another to --cors to allow it' });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      const read = await fetch(`${sandbox.urls['sms-v2']}/openapi.yaml`, { headers: { origin: 'https://evil.example' } });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await sandbox.close();
    }
    await expect(startSandbox({ port: 0, cors: ['ftp://x'] })).rejects.toThrow(/cors origin/);
  });

  it.each([
    ['loopback', 'https://app.example.test', 'the sandbox allows loopback origins only; start it with --cors <origin> to allow another'],
    ['off', 'http://localhost:5173', 'CORS is off (--cors off), so no Origin is allowed'],
  ] as const)('with cors %j, a refused preflight says the setting', async (cors, origin, why) => {
    const sandbox = await startSandbox({ port: 0, cors, warn: () => {} });
    try {
      const refused = await fetch(`${sandbox.urls['im-v1']}/message`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: `this Origin is not allowed: ${why}` });
    } finally {
      await sandbox.close();
    }
  });
});
