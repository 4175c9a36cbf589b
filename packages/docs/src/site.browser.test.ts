// The built site in headless Chromium (Debian's /usr/bin/chromium, never a downloaded browser): every
// page loads with no console error, no failed request and nothing fetched from another host; every
// operation, callback, response, header and example of each bundle is on its reference page, with its
// code samples; every callback shows its answers' examples; every link resolves. Every page at 1366 px,
// then narrowed to 390 px (the landing page also to 320 px), has no horizontal overflow, and at
// 1366 px axe-core finds no serious or critical violation (callbacks expanded, search open). With
// DOCS_SCREENSHOTS=1, full-page screenshots of every page at each width go to screenshots/ for people
// to look at; no test reads them, and drawing the long reference pages whole is a large share of the
// run, so by default none are taken.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBundles, listCallbacks, readBundle } from './bundles.mjs';
import { buildSite } from './build.mjs';
import { startServer } from './server.mjs';
import { unusedComponents } from './view.mjs';
import { samplesOf } from './samples.mjs';
import { loadedFiles } from './weights.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const TAKE_SCREENSHOTS = process.env.DOCS_SCREENSHOTS === '1';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// The test builds its own copy of the site from the same code and bundles as `pnpm build`, so it
// never checks a stale dist/.
const dist = mkdtempSync(join(tmpdir(), 'docs-site-'));
const { pages } = buildSite(dist);
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
  if (TAKE_SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await closeUntaken();
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

const isReference = (path: string) => bundles.some((bundle) => path === `${bundle.id}.html`);

/**
 * Opens a page in a fresh context (empty cache), recording everything that could go wrong. A
 * reference page is returned once Redoc has finished (`data-redoc` set), rendered or failed.
 */
async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: AT_LAPTOP, height: 900 } });
  const page = await context.newPage();
  // A missing element fails in seconds, not after Playwright's default 30 s; a load, made while other
  // pages load beside it, gets longer.
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(30_000);
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
  if (isReference(path)) await page.waitForSelector('html[data-redoc]', { timeout: 30_000 });
  return result;
}

// Loading a page (above all Redoc rendering a reference) is most of this file's time, and Chromium
// does it in its own processes: while the tests read one page, the next pages they use load beside
// it. Every page is still a fresh context with an empty cache, loaded once for all its tests: at a
// laptop's width, then narrowed to a phone's (a reload at each width cost a third of the file's
// CPU time, issue 14; the page's layout is CSS media queries, which a resize applies).
const AT_LAPTOP = 1366;
/** The phone widths each page is narrowed to after its tests at 1366 px. */
const phoneWidths = (page: string) => (page === 'index.html' ? [390, 320] : [390]);
/** Every page load, in the order the tests below take them. */
const PLAN: readonly string[] = [
  'index.html',
  ...pages.filter((page) => page.startsWith('changelog-')),
  ...bundles.map((bundle) => `${bundle.id}.html`),
  ...pages.filter((page) => page === 'sandbox.html'),
];
/** Pages loaded ahead of the one a test takes, and pages loading at once (the machine has 2 cores). */
const LOOK_AHEAD = 2;
const LOADING_AT_ONCE = 2;
const started = new Map<string, Promise<Visit>>();
const taken = new Set<string>();
let freeLoadSlots = LOADING_AT_ONCE;
const waitingForSlot: Array<() => void> = [];

async function load(path: string): Promise<Visit> {
  if (freeLoadSlots > 0) freeLoadSlots -= 1;
  else await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  try {
    return await visit(path);
  } finally {
    const next = waitingForSlot.shift();
    if (next) next();
    else freeLoadSlots += 1;
  }
}

function start(path: string): Promise<Visit> {
  let loading = started.get(path);
  if (!loading) {
    loading = load(path);
    // Awaited by the test that takes it; a page loaded ahead for a test that does not run is closed
    // in afterAll, and its failure is that test's, not an unhandled rejection.
    loading.catch(() => {});
    started.set(path, loading);
  }
  return loading;
}

/** The page a test reads, loaded ahead when it could be; the next pages of PLAN start loading. */
function take(path: string): Promise<Visit> {
  const at = PLAN.indexOf(path);
  if (at >= 0) for (const page of PLAN.slice(at + 1, at + 1 + LOOK_AHEAD)) start(page);
  taken.add(path);
  return start(path);
}

/** Closes the pages loaded ahead that no test took (a test name filter, a failed hook). */
async function closeUntaken() {
  for (const [path, loading] of started) {
    if (taken.has(path)) continue;
    await loading.then((result) => result.page.context().close(), () => {});
  }
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

/** Whether the page scrolls sideways, and the elements that stick out on the right if so. */
function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)} right=${Math.round(element.getBoundingClientRect().right)} of ${width}`);
  });
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

/** A full-page screenshot for people to look at, when DOCS_SCREENSHOTS=1 asks for one. */
async function screenshot(page: Page, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  // Scrolled to the top, so the sticky bar and sidebar are drawn where a reader first sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * With every callback, quick start and detail open: no sideways scrolling (and a screenshot when asked
 * for). At 1366 px, with Redoc's search also showing results, axe-core finds no serious or critical
 * violation and the page is still clean.
 */
async function expectLaidOut(result: Visit, path: string, width: number) {
  const reference = isReference(path);
  if (reference) expect(await result.page.getAttribute('html', 'data-redoc')).toBe('rendered');
  await result.page.locator('details:not([open]) > summary').evaluateAll((summaries) => summaries.forEach((summary) => (summary as HTMLElement).click()));
  expect(await horizontalOverflow(result.page)).toEqual([]);
  await screenshot(result.page, `${path.replace(/\.html$/, '')}-${width}`);
  if (width !== AT_LAPTOP) return;
  if (reference) {
    await result.page.locator('#redoc input[placeholder="Search..."]').fill('message');
    await result.page.waitForSelector('#redoc [data-role="search:results"] li', { timeout: 10_000 });
  }
  expect(await seriousViolations(result.page)).toEqual([]);
  expectClean(result);
}

const LAPTOP_LAYOUT = `at ${AT_LAPTOP} px, with everything open: does not scroll sideways, and has no serious or critical accessibility violation`;

/** The page's tests at each phone width, narrowed from 1366 px with everything still open. */
function phoneLayoutTests(page: string, visited: () => Visit) {
  it.each(phoneWidths(page))('narrowed to %i px, with everything open: does not scroll sideways', async (width) => {
    const result = visited();
    await result.page.setViewportSize({ width, height: 900 });
    expect(await result.page.evaluate(() => window.innerWidth)).toBe(width);
    await expectLaidOut(result, page, width);
  });
}

describe('landing page', () => {
  let result: Visit;
  beforeAll(async () => {
    result = await take('index.html');
  });
  afterAll(() => result?.page.context().close());

  it('loads with no console error, no failed request and nothing from another host', () => {
    expectClean(result);
    expectRequestsCounted(result, 'index.html');
  });

  it.each(bundles.map((bundle) => [bundle.id, bundle] as const))('shows %s with its letter and the facts its bundle states', async (id, { doc }) => {
    const card = result.page.locator(`section[id="${id}"]`);
    const letter = /Interface ([A-D]) /.exec(doc.info.description)?.[1];
    expect(await card.locator('h2 a.reference').innerText()).toBe(`${letter} · ${doc.info.title}`);
    expect(await card.locator('h2 .version').innerText()).toBe(doc.info.version);
    expect(await card.locator('.base-path').innerText()).toBe(doc.servers[0].url.replace('{base_url}', ''));
    const purpose = await card.locator('.purpose').innerText();
    if (doc.info.summary) expect(purpose).toBe(doc.info.summary);
    const auth = await card.locator('.auth').innerText();
    for (const requirement of doc.security) {
      for (const name of Object.keys(requirement)) {
        const scheme = doc.components.securitySchemes[name];
        expect(auth.toLowerCase()).toContain(scheme.type === 'apiKey' ? scheme.name.toLowerCase() : String(scheme.scheme).toLowerCase());
      }
    }
    const links = await card.locator('.links a').evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.getAttribute('download')]));
    expect(links).toEqual([[`./${id}.html`, null], [`./${id}.json`, `${id}.json`], [`./${id}.yaml`, `${id}.yaml`], [`./changelog-${id}.html`, null]]);
    const installs = await card.locator('.packages pre').allInnerTexts();
    expect(installs).toContain(`npm install @messaging-contracts/${id}-client`);
    expect(installs).toContain('npm install @messaging-contracts/openapi');
    if (listCallbacks(doc).length > 0) expect(installs).toContain('npm install @messaging-contracts/webhooks');
    // The quick start: how to authenticate, and a first request with the interface's client and curl.
    await card.locator('details.quick-start > summary').click();
    const quickStart = await card.locator('details.quick-start').innerText();
    expect(quickStart).toMatch(/Authentication( \(section 5\))?: /);
    expect(quickStart).toContain('section 5');
    expect(quickStart).toContain(`from '@messaging-contracts/${id}-client'`);
    expect(quickStart).toContain('curl -X ');
  });

  it('says what tells A and B apart for one SMS', async () => {
    const text = await result.page.locator('section.choose').innerText();
    for (const fact of ['link', 'callbacks', 'UUID', 'broadcast', 'numeric id']) expect(text).toContain(fact);
  });

  it('points to the sandbox', async () => {
    const text = await result.page.locator('section.sandbox').innerText();
    expect(text).toContain('pnpm sandbox');
    expect(await result.page.locator('section.sandbox a').count()).toBe(pages.includes('sandbox.html') ? 1 : 0);
  });

  it('has links that all resolve on the site', async () => {
    const hrefs = await result.page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(bundles.length * 4);
    for (const href of new Set(hrefs)) {
      const url = new URL(href);
      expect(url.origin, href).toBe(new URL(site.url).origin);
      if (url.hash && url.pathname === '/index.html') {
        expect(await result.page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), href).toBe(1);
        continue;
      }
      const response = await fetch(url);
      expect(response.status, href).toBe(200);
      if (url.pathname.endsWith('.json')) expect(await response.json()).toBeTypeOf('object');
    }
  });

  // Last: it opens every quick start, which the test above opens by clicking.
  it(LAPTOP_LAYOUT, () => expectLaidOut(result, 'index.html', AT_LAPTOP));
  phoneLayoutTests('index.html', () => result);
});

describe.each(pages.filter((page) => page.startsWith('changelog-')).map((page) => [page] as const))('%s', (page) => {
  let result: Visit;
  beforeAll(async () => {
    result = await take(page);
  });
  afterAll(() => result?.page.context().close());

  it('loads clean, says what is released or pending, and its links resolve', async () => {
    expectClean(result);
    const text = await result.page.locator('main').innerText();
    expect(text).toMatch(/Breaking changes between releases/);
    expect(text).toMatch(/No release yet|Releases/);
    for (const href of await result.page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
      expect((await fetch(href)).status, href).toBe(200);
    }
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result, page, AT_LAPTOP));
  phoneLayoutTests(page, () => result);
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
  text: string;
  responses: RenderedResponse[];
}

/** Reads, in the page, what Redoc rendered for each operation and webhook. */
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
      const verb = op.querySelector('.http-verb');
      return {
        id: op.id.slice('operation/'.length),
        method: text(verb),
        path: text(verb?.nextElementSibling),
        // A webhook's heading carries Redoc's "Webhook" badge after the summary.
        summary: text(op.querySelector('h2')).replace(/ Webhook$/, ''),
        text: text(op),
        responses: responses(heading(op, 'Responses')),
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

function responsesOf(doc: any, op: any) {
  return Object.entries(op.responses as Record<string, any>).map(([code, response]) => ({
    code,
    headers: Object.keys(deref(doc, response).headers ?? {}),
  }));
}

function deref(doc: any, node: any): any {
  let current = node;
  while (current && typeof current.$ref === 'string') current = current.$ref.slice(2).split('/').reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return current;
}

/** Text as the page shows it, whitespace folded. */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(bundles.map((bundle) => [bundle.id, bundle] as const))('%s reference', (id, { doc }) => {
  const expected = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] })),
  );
  const hooks = listCallbacks(doc);
  const hookIds = new Set(hooks.map((hook) => hook.operationId));
  const codeSamples = samplesOf(doc, id);

  let result: Visit;
  let rendered: RenderedOperation[];
  let state: string | null;
  let anchorsWithoutTarget: string[];

  beforeAll(async () => {
    result = await take(`${id}.html`);
    state = await result.page.getAttribute('html', 'data-redoc');
    rendered = await readOperations(result.page);
    anchorsWithoutTarget = await result.page
      .locator('#redoc a[href^="#"]')
      .evaluateAll((anchors) =>
        anchors.map((a) => a.getAttribute('href') ?? '').filter((href) => !document.getElementById(decodeURIComponent(href.slice(1)))),
      );
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
    const got = rendered.filter((op) => !hookIds.has(op.id)).map(({ id: opId, method, path, summary }) => ({ id: opId, method, path, summary })).sort(byId);
    expect(got).toEqual(want);
  });

  it('shows every response of every operation, with its headers', () => {
    for (const { op } of expected) {
      expect(rendered.find((item) => item.id === op.operationId)?.responses, op.operationId).toEqual(responsesOf(doc, op));
    }
  });

  it('shows every callback expanded, as an operation of its own: summary, method and address, every answer with its headers', () => {
    expect(rendered.filter((op) => hookIds.has(op.id)).map((op) => op.id).sort()).toEqual([...hookIds].sort());
    for (const hook of hooks) {
      const shown = rendered.find((item) => item.id === hook.operationId)!;
      expect(shown.summary, hook.operationId).toBe(hook.summary);
      expect(shown.text, hook.operationId).toContain(`The service sends it as ${hook.method.toUpperCase()} to ${hook.expression}, the receiver's address.`);
      expect(shown.responses, hook.operationId).toEqual(responsesOf(doc, hook.operation));
    }
  });

  it("shows every callback's payload example and every one of its answers' examples", async () => {
    for (const hook of hooks) {
      const section = result.page.locator(`[id="operation/${hook.operationId}"]`);
      const payload = Object.values((deref(doc, hook.operation.requestBody)?.content ?? {}) as Record<string, object>)[0];
      if (hasExample(payload)) {
        const block = samples(section, 'Request samples');
        await block.locator('li[role="tab"]', { hasText: /^\s*Payload\s*$/ }).click();
        expectShown(await block.locator('[role="tabpanel"][class*="selected"]').innerText(), exampleOf(payload), `${hook.operationId} payload`);
      }
      let answers = 0;
      for (const [code, response] of Object.entries(hook.operation.responses as Record<string, any>)) {
        const media = Object.values((deref(doc, response).content ?? {}) as Record<string, object>)[0];
        if (!hasExample(media)) continue;
        answers += 1;
        const block = samples(section, 'Response samples');
        await block.locator('li[role="tab"]', { hasText: new RegExp(`^\\s*${code}\\s*$`) }).click();
        expectShown(await block.locator('[role="tabpanel"][class*="selected"]').innerText(), exampleOf(media), `${hook.operationId} answer ${code}`);
      }
      const documented = Object.values(hook.operation.responses as Record<string, any>).filter((r) => hasExample(Object.values(deref(doc, r).content ?? {})[0] as object)).length;
      expect(answers, hook.operationId).toBe(documented);
    }
  });

  it('shows every operation and callback with its code samples, each readable whole', async () => {
    for (const [operationId, own] of codeSamples) {
      const block = samples(result.page.locator(`[id="operation/${operationId}"]`), 'Request samples');
      for (const sample of own) {
        await block.locator('li[role="tab"]', { hasText: new RegExp(`^\\s*${sample.label.replace(/[()]/g, '\\$&')}\\s*$`) }).click();
        const shown = folded(await block.locator('[role="tabpanel"][class*="selected"]').innerText());
        expect(shown, `${operationId} ${sample.label}`).toContain(folded(sample.source));
      }
    }
  });

  it('shows every request and response example', async () => {
    const { page } = result;
    for (const { op } of expected) {
      const section = page.locator(`[id="operation/${op.operationId}"]`);
      // Request bodies: one sample per media type, chosen in the Content type list when there are several.
      const requestMedia = Object.entries((deref(doc, op.requestBody)?.content ?? {}) as Record<string, object>).filter(([, media]) => hasExample(media));
      for (const [type, media] of requestMedia) {
        const block = samples(section, 'Request samples');
        await block.locator('li[role="tab"]', { hasText: /^\s*Payload\s*$/ }).click();
        if (requestMedia.length > 1) await block.locator('select[aria-label="Content type"]').selectOption(type);
        expectShown(await block.locator('[role="tabpanel"][class*="selected"]').innerText(), exampleOf(media as never), `${op.operationId} request ${type}`);
      }
      // Responses: one tab per status code; Redoc renders only the selected tab.
      for (const [code, response] of Object.entries((op.responses ?? {}) as Record<string, any>)) {
        const media = Object.values((deref(doc, response).content ?? {}) as Record<string, object>)[0];
        if (!hasExample(media)) continue;
        const block = samples(section, 'Response samples');
        await block.locator('li[role="tab"]', { hasText: new RegExp(`^\\s*${code}\\s*$`) }).click();
        expectShown(await block.locator('[role="tabpanel"][class*="selected"]').innerText(), exampleOf(media), `${op.operationId} ${code}`);
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

  it('has site links (landing page, bundles to download, changelog) that resolve', async () => {
    const links = await result.page.locator('.site-bar a').evaluateAll((anchors) => anchors.map((a) => [(a as HTMLAnchorElement).href, a.getAttribute('download')] as const));
    expect(links.map(([href, download]) => [new URL(href).pathname, download])).toEqual([
      ['/index.html', null],
      [`/${id}.json`, `${id}.json`],
      [`/${id}.yaml`, `${id}.yaml`],
      [`/changelog-${id}.html`, null],
    ]);
    for (const [href] of links) expect((await fetch(href)).status, href).toBe(200);
  });

  // After the tests that switch samples, so its search and accessibility check see what they left.
  it(LAPTOP_LAYOUT, () => expectLaidOut(result, `${id}.html`, AT_LAPTOP));
  phoneLayoutTests(`${id}.html`, () => result);

  // Last, so that it also covers whatever switching samples and searching did.
  it('runs with no console error, no failed request and nothing from another host', () => {
    expectClean(result);
  });
});

describe.each(pages.filter((page) => page === 'sandbox.html').map((page) => [page] as const))('%s', (page) => {
  let result: Visit;
  beforeAll(async () => {
    result = await take(page);
  });
  afterAll(() => result?.page.context().close());

  it("loads clean, shows the sandbox's README, and its links resolve", async () => {
    expectClean(result);
    expect(await result.page.locator('main').innerText()).toContain('pnpm sandbox');
    for (const href of await result.page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
      const url = new URL(href);
      if (url.hash && url.pathname === `/${page}`) expect(await result.page.locator(`[id="${url.hash.slice(1)}"]`).count(), href).toBe(1);
      else expect((await fetch(href)).status, href).toBe(200);
    }
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result, page, AT_LAPTOP));
  phoneLayoutTests(page, () => result);
});

// The layout and accessibility checks above can fail: each finds what it is made to find.
describe('the checks themselves', () => {
  it('see a page that scrolls sideways, and a serious accessibility violation', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      await page.setContent('<html lang="en"><body><div style="width: 600px">wide</div><img src="data:,"><p style="color:#eee;background:#fff">faint</p></body></html>');
      expect((await horizontalOverflow(page))[0]).toMatch(/^div\. right=608 of 390/);
      const violations = await seriousViolations(page);
      expect(violations.some((v) => /image-alt/.test(v))).toBe(true);
      expect(violations.some((v) => /color-contrast/.test(v))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
