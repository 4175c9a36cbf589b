// A redirect in a real browser (Debian's Chromium, never a downloaded browser). With `redirect:
// 'manual'` a browser's fetch does not show the redirect: it resolves an `opaqueredirect` Response,
// status 0, no headers. The built client (dist/, as a bundler would ship it) is loaded into a page
// on one loopback origin and calls a server on another that answers the CORS preflight and then
// 308 with a Location: the call must throw ClientNetworkError kind 'redirect', not resolve an
// empty "success". A redirected preflight the browser refuses before the call (kind 'network').
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
const DIST = new URL('../dist/', import.meta.url);
const OPENAPI_FETCH = fileURLToPath(import.meta.resolve('openapi-fetch'));

let browser: Browser;
let app: Server;
let api: Server;
let appOrigin: string;
let apiOrigin: string;
/**
 * The page's code (a module, so it runs as the browser runs it, untouched by vitest): `post(baseUrl)`
 * makes one call and says how it ended.
 */
const PAGE = `
import { createCoreClient } from '/core/index.js';
window.post = async (baseUrl, basePath) => {
  const client = createCoreClient({ baseUrl, basePath, auth: { type: 'basic', username: 'acme', password: 'pw' } });
  try {
    const { data, error, response } = await client.POST('/things', { body: { text: 'hello' } });
    return { resolved: { data, error, status: response.status, type: response.type } };
  } catch ({ name, kind, message }) {
    return { thrown: { name, kind, message } };
  }
};`;
/** Paths the API server was asked for, preflights included. */
const asked: string[] = [];

const listen = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  // The page: client-core's built modules, with openapi-fetch and package.json's `#dispatch` (its
  // browser build, as a bundler picks it) found through an import map.
  app = createServer(async (req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/') {
      const map = JSON.stringify({ imports: { 'openapi-fetch': '/openapi-fetch.js', '#dispatch': '/core/dispatch.browser.js' } });
      return res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>app</title><script type="importmap">${map}</script><script type="module">${PAGE}</script>`);
    }
    const file = path === '/openapi-fetch.js' ? OPENAPI_FETCH : /^\/core\/[\w.-]+\.js$/.test(path) ? fileURLToPath(new URL(path.slice(6), DIST)) : '';
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(file));
  });
  appOrigin = await listen(app);
  // The API: CORS for the page's origin, then a 308 for the call itself.
  api = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const cors = { 'access-control-allow-origin': appOrigin };
    // Under /rest/moved/ the preflight itself is redirected.
    if (req.method === 'OPTIONS' && req.url!.startsWith('/rest/moved/')) return res.writeHead(308, { ...cors, location: `${apiOrigin}/elsewhere` }).end();
    if (req.method === 'OPTIONS') {
      return res.writeHead(204, { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'authorization, content-type' }).end();
    }
    req.resume().on('end', () => res.writeHead(308, { ...cors, location: `${apiOrigin}/rest/test/elsewhere` }).end());
  });
  apiOrigin = await listen(api);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  app?.close();
  api?.close();
});

/** Calls `POST <basePath>/things` on the API from a fresh page of the app's origin; how it ended. */
async function postFromPage(basePath: string) {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${appOrigin}/`);
    await tab.waitForFunction(() => 'post' in window);
    return await tab.evaluate(
      ([baseUrl, path]) => (window as unknown as { post: (baseUrl: string, basePath: string) => Promise<unknown> }).post(baseUrl!, path!),
      [apiOrigin, basePath],
    );
  } finally {
    await tab.close();
  }
}

it('a 308 from another origin throws ClientNetworkError kind redirect in Chromium, and is not followed', async () => {
  asked.length = 0;
  expect(await postFromPage('/rest/test')).toEqual({
    thrown: {
      name: 'ClientNetworkError',
      kind: 'redirect',
      message: expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/rest\/test\/things got 0, a redirect the browser hid: redirects are not followed$/),
    },
  });
  // The preflight and the call went out; the Location was never asked for.
  expect(asked).toEqual(['OPTIONS /rest/test/things', 'POST /rest/test/things']);
}, 60_000);

it('a redirected preflight is refused by the browser itself: kind network, and the call never goes out', async () => {
  asked.length = 0;
  expect(await postFromPage('/rest/moved')).toEqual({
    thrown: { name: 'ClientNetworkError', kind: 'network', message: expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/rest\/moved\/things failed: /) },
  });
  expect(asked).toEqual(['OPTIONS /rest/moved/things']);
}, 60_000);
