// The built site in headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser): every
// page loads with no console error, no failed request and nothing fetched from another host; every
// operation, callback, response, header and example of each bundle is on its reference page; every
// landing link resolves. Full-page screenshots go to screenshots/ for people to look at.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBundles, readBundle } from './bundles.mjs';
import { buildSite } from './build.mjs';
import { startServer } from './server.mjs';
import { unusedComponents } from './view.mjs';
import { loadedFiles } from './weights.mjs';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// The test builds its own copy of the site from the same code and bundles as `pnpm build`, so it
// never checks a stale dist/.
const dist = mkdtempSync(join(tmpdir(), 'docs-site-'));
buildSite(dist);
const bundles = findBundles().map((bundle) => ({ ...bundle, doc: readBundle(bundle.jsonPath) }));

let browser: Browser;
let site: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does`);
  }
  site = await startServer({ root: dist });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  /** Same-origin paths requested, in order; blob: and data: URLs cost no transfer and are left out. */
  requested: string[];
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  httpErrors: string[];
  offSite: string[];
}

/** Opens a page in a fresh context (empty cache), recording everything that could go wrong. */
async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // A missing element fails in seconds, not after Playwright's default 30 s.
  page.setDefaultTimeout(10_000);
  const origin = new URL(site.url).origin;
  const result: Visit = { page, requested: [], consoleErrors: [], pageErrors: [], failedRequests: [], httpErrors: [], offSite: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') result.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => result.pageErrors.push(String(error)));
  page.on('requestfailed', (request) => result.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'blob:' || url.protocol === 'data:') return;
    if (url.origin === origin) result.requested.push(url.pathname);
    else result.offSite.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) result.httpErrors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(new URL(path, site.url).href, { waitUntil: 'load' });
  return result;
}

function expectClean(result: Visit) {
  expect(result.consoleErrors, 'console errors').toEqual([]);
  expect(result.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(result.failedRequests, 'failed requests').toEqual([]);
  expect(result.httpErrors, 'HTTP errors').toEqual([]);
  expect(result.offSite, 'requests to hosts other than the site on 127.0.0.1').toEqual([]);
}

/** What the page loads is what the build's page weight counts: the page and its assets, once each. */
function expectRequestsCounted(result: Visit, page: string) {
  const counted = [page, ...loadedFiles(readFileSync(join(dist, page), 'utf8'))].map((file) => `/${file}`);
  expect([...new Set(result.requested)].sort()).toEqual(counted.sort());
  expect(result.requested).toHaveLength(counted.length);
}

async function screenshot(page: Page, name: string) {
  // Scrolled to the top, so the sticky bar and sidebar are drawn where a reader first sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('landing page', () => {
  let result: Visit;
  beforeAll(async () => {
    result = await visit('index.html');
    await screenshot(result.page, 'index');
  });
  afterAll(() => result?.page.context().close());

  it('loads with no console error, no failed request and nothing from another host', () => {
    expectClean(result);
    expectRequestsCounted(result, 'index.html');
  });

  it.each(bundles.map((bundle) => [bundle.id, bundle] as const))('shows %s with the facts its bundle states', async (id, { doc }) => {
    const row = result.page.locator(`tr[id="${id}"]`);
    expect(await row.locator('th a').innerText()).toBe(doc.info.title);
    expect(await row.locator('.version').innerText()).toBe(doc.info.version);
    expect(await row.locator('.base-path').innerText()).toBe(doc.servers[0].url.replace('{base_url}', ''));
    const purpose = await row.locator('.purpose').innerText();
    const description = String(doc.info.description).replace(/\s+/g, ' ');
    if (doc.info.summary) expect(purpose).toBe(doc.info.summary);
    else expect(description.replace(/`/g, '').startsWith(purpose)).toBe(true);
    const auth = await row.locator('.auth').innerText();
    for (const requirement of doc.security) {
      for (const name of Object.keys(requirement)) {
        const scheme = doc.components.securitySchemes[name];
        expect(auth.toLowerCase()).toContain(scheme.type === 'apiKey' ? scheme.name.toLowerCase() : String(scheme.scheme).toLowerCase());
      }
    }
    const links = await row.locator('.links a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual([`./${id}.html`, `./${id}.json`, `./${id}.yaml`]);
  });

  it('has links that all resolve on the site', async () => {
    const hrefs = await result.page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(bundles.length * 3);
    for (const href of new Set(hrefs)) {
      const url = new URL(href);
      expect(url.origin, href).toBe(new URL(site.url).origin);
      const response = await fetch(url);
      expect(response.status, href).toBe(200);
      if (url.pathname.endsWith('.json')) expect(await response.json()).toBeTypeOf('object');
    }
  });
});

interface RenderedResponse {
  code: string;
  headers: string[];
}
interface RenderedOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  responses: RenderedResponse[];
  callbacks: { method: string; summary: string; expression: string; responses: RenderedResponse[] }[];
}

/** Reads, in the page, what Redoc rendered for each operation (callbacks must be expanded first). */
function readOperations(page: Page): Promise<RenderedOperation[]> {
  return page.evaluate(() => {
    const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const heading = (root: Element, title: string) => [...root.querySelectorAll('h3')].find((h3) => text(h3) === title);
    // Each response is one element after its list's heading: a button with the status code, then,
    // when the response has content, the headers and schema.
    const responses = (h3: Element | undefined) =>
      [...(h3?.parentElement?.children ?? [])].filter((child) => child !== h3).map((wrapper) => ({
        code: text(wrapper.querySelector('strong')),
        headers: [...wrapper.querySelectorAll('table')]
          .filter((table) => text(table.querySelector('caption')) === 'Response Headers')
          .flatMap((table) => [...table.querySelectorAll(':scope > tbody > tr > td .property-name')].map((name) => text(name))),
      }));
    return [...document.querySelectorAll('#redoc [id^="operation/"]')].map((op) => {
      // The operation's own endpoint is the first; the callbacks' follow inside their panels.
      const verb = op.querySelector('.http-verb');
      const callbacksHeading = [...op.querySelectorAll('h3')].find((h3) => text(h3) === 'Callbacks');
      const callbacks = [...(callbacksHeading?.parentElement?.querySelectorAll(':scope > button') ?? [])].map((button) => {
        const panel = button.nextElementSibling;
        const endpoint = panel?.querySelector('.http-verb');
        return {
          method: text(button.querySelector('.operation-type')),
          summary: text(button.querySelector('.operation-type ~ span')),
          expression: text(endpoint?.nextElementSibling),
          responses: panel ? responses(heading(panel, 'Callback responses')) : [],
        };
      });
      return {
        id: op.id.slice('operation/'.length),
        method: text(verb),
        path: text(verb?.nextElementSibling),
        summary: text(op.querySelector('h2')),
        responses: responses(heading(op, 'Responses')),
        callbacks,
      };
    });
  });
}

/** Every key and scalar value of an example, as Redoc's JSON sample prints it. */
function exampleTokens(example: unknown): string[] {
  if (example === null || typeof example !== 'object') return [typeof example === 'string' ? JSON.stringify(example) : String(example)];
  if (Array.isArray(example)) return example.flatMap(exampleTokens);
  return Object.entries(example).flatMap(([key, value]) => [JSON.stringify(key), ...exampleTokens(value)]);
}

function exampleOf(media: { example?: unknown; examples?: Record<string, { value?: unknown }> }): unknown {
  if ('example' in media) return media.example;
  // With several named examples Redoc shows the first one first.
  return Object.values(media.examples ?? {})[0]?.value;
}

function hasExample(media: object | undefined): media is { example?: unknown; examples?: Record<string, { value?: unknown }> } {
  return media !== undefined && ('example' in media || Object.keys((media as { examples?: object }).examples ?? {}).length > 0);
}

function expectShown(shown: string, example: unknown, where: string) {
  for (const token of exampleTokens(example)) expect(shown.includes(token), `${where}: ${token} in\n${shown}`).toBe(true);
}

/** The samples block that follows the right-panel heading `title`. */
function samples(op: Locator, title: string): Locator {
  return op.locator(`h3:has-text("${title}") + div`);
}

describe.each(bundles.map((bundle) => [bundle.id, bundle] as const))('%s reference', (id, { doc }) => {
  const expected = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] })),
  );

  let result: Visit;
  let rendered: RenderedOperation[];
  let state: string | null;
  let anchorsWithoutTarget: string[];

  beforeAll(async () => {
    result = await visit(`${id}.html`);
    await result.page.waitForSelector('html[data-redoc]', { timeout: 30_000 });
    state = await result.page.getAttribute('html', 'data-redoc');
    // Redoc shows callbacks collapsed; a reader (and this test) opens them.
    for (const button of await result.page.locator('#redoc button:has(> .operation-type)').all()) await button.click();
    rendered = await readOperations(result.page);
    anchorsWithoutTarget = await result.page
      .locator('#redoc a[href^="#"]')
      .evaluateAll((anchors) =>
        anchors.map((a) => a.getAttribute('href') ?? '').filter((href) => !document.getElementById(decodeURIComponent(href.slice(1)))),
      );
    await screenshot(result.page, id);
  });
  afterAll(() => result?.page.context().close());

  it('renders from the bundle, loading only the page and the shared renderer', () => {
    expect(state).toBe('rendered');
    expectRequestsCounted(result, `${id}.html`);
  });

  it('shows every operation with its method, path and summary, and nothing else', () => {
    // Redoc groups operations by tag, so compare them in one order.
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const want = expected.map(({ path, method, op }) => ({ id: op.operationId, method, path, summary: op.summary })).sort(byId);
    const got = rendered.map(({ id: opId, method, path, summary }) => ({ id: opId, method, path, summary })).sort(byId);
    expect(got).toEqual(want);
  });

  it('shows every response of every operation, with its headers', () => {
    for (const { op } of expected) {
      const shown = rendered.find((item) => item.id === op.operationId);
      const want = Object.entries(op.responses as Record<string, { headers?: object }>).map(([code, response]) => ({
        code,
        headers: Object.keys(response.headers ?? {}),
      }));
      expect(shown?.responses, op.operationId).toEqual(want);
    }
  });

  it('shows every callback, expanded, with its method, address expression, summary and responses', () => {
    for (const { op } of expected) {
      const want = Object.values((op.callbacks ?? {}) as Record<string, Record<string, Record<string, any>>>).flatMap((expressions) =>
        Object.entries(expressions).flatMap(([expression, item]) =>
          METHODS.filter((method) => item[method]).map((method) => ({
            method,
            summary: item[method].summary,
            expression,
            responses: Object.entries(item[method].responses as Record<string, { headers?: object }>).map(([code, response]) => ({
              code,
              headers: Object.keys(response.headers ?? {}),
            })),
          })),
        ),
      );
      expect(rendered.find((item) => item.id === op.operationId)?.callbacks, op.operationId).toEqual(want);
    }
  });

  it('shows every request, response and callback example', async () => {
    const { page } = result;
    for (const { op } of expected) {
      const section = page.locator(`[id="operation/${op.operationId}"]`);
      // Request bodies: one sample per media type, chosen in the Content type list when there are several.
      const requestMedia = Object.entries((op.requestBody?.content ?? {}) as Record<string, object>).filter(([, media]) => hasExample(media));
      for (const [type, media] of requestMedia) {
        const block = samples(section, 'Request samples');
        if (requestMedia.length > 1) await block.locator('select[aria-label="Content type"]').selectOption(type);
        expectShown(await block.innerText(), exampleOf(media as never), `${op.operationId} request ${type}`);
      }
      // Responses: one tab per status code; Redoc renders only the selected tab.
      for (const [code, response] of Object.entries((op.responses ?? {}) as Record<string, { content?: Record<string, object> }>)) {
        const media = Object.values(response.content ?? {})[0];
        if (!hasExample(media)) continue;
        const block = samples(section, 'Response samples');
        await block.locator('li[role="tab"]', { hasText: new RegExp(`^\\s*${code}\\s*$`) }).click();
        expectShown(await block.locator('[role="tabpanel"][class*="selected"]').innerText(), exampleOf(media), `${op.operationId} ${code}`);
      }
      // Callback bodies: one sample at a time, chosen in the Callback list.
      for (const expressions of Object.values((op.callbacks ?? {}) as Record<string, Record<string, Record<string, any>>>)) {
        for (const item of Object.values(expressions)) {
          for (const method of METHODS.filter((m) => item[m])) {
            const media = Object.values((item[method].requestBody?.content ?? {}) as Record<string, object>)[0];
            if (!hasExample(media)) continue;
            const block = samples(section, 'Callback payload samples');
            // The list is there only when the operation has more than one callback.
            const list = block.locator('select[aria-label="Callback"]');
            if ((await list.count()) > 0) await list.selectOption(`${method.toUpperCase()}: ${item[method].summary}`);
            expectShown(await block.innerText(), exampleOf(media), `${op.operationId} callback ${item[method].operationId}`);
          }
        }
      }
    }
  });

  it('describes every security scheme in an Authentication section', async () => {
    for (const [name, scheme] of Object.entries(doc.components.securitySchemes as Record<string, { type: string; name?: string; scheme?: string }>)) {
      const section = result.page.locator(`[id="section/Authentication/${name}"]`);
      const shown = (await section.innerText()).replace(/\s+/g, ' ');
      expect(shown).toContain(name);
      expect(shown).toContain(scheme.type === 'apiKey' ? `Header parameter name: ${scheme.name}` : `HTTP Authorization Scheme: ${scheme.scheme}`);
    }
  });

  it('shows every component that no operation uses, under Other definitions', async () => {
    const unused = unusedComponents(doc);
    if (unused.length === 0) {
      expect(await result.page.locator('[id^="tag/Other-definitions"]').count()).toBe(0);
      return;
    }
    const shown = (await result.page.locator('[id^="tag/Other-definitions"]').allInnerTexts()).join('\n');
    for (const { kind, name, value } of unused) {
      expect(shown, name).toContain(name);
      if (kind === 'schemas') for (const property of Object.keys(value.properties ?? {})) expect(shown, `${name}.${property}`).toContain(property);
      if (kind === 'headers') expect(shown, name).toContain(value.schema.type);
    }
  });

  it('has in-page links that all lead somewhere', () => {
    expect(anchorsWithoutTarget).toEqual([]);
  });

  it('has site links (landing page, JSON and YAML bundles) that resolve', async () => {
    const hrefs = await result.page.locator('.site-bar a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.map((href) => new URL(href).pathname)).toEqual(['/index.html', `/${id}.json`, `/${id}.yaml`]);
    for (const href of hrefs) expect((await fetch(href)).status, href).toBe(200);
  });

  // Last, so that it also covers whatever opening callbacks and switching samples did.
  it('runs with no console error, no failed request and nothing from another host', () => {
    expectClean(result);
  });
});
