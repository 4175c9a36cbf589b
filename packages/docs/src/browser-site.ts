// What the two browser test files share: the built site served on 127.0.0.1, Debian's Chromium
// (/usr/bin/chromium, never a downloaded browser), and the checks every page gets: no console
// error, no failed request and nothing fetched from another host; at 1366 px, then narrowed to a
// phone's width, no horizontal overflow; at 1366 px no serious or critical axe-core violation.
//
// The site's own pages are one file (`pages.browser.test.ts`), the references another
// (`references.browser.test.ts`), where the four references run side by side. Each file calls
// `openSite` once and gets a site, a browser and page loads of its own: with `isolate: false` a
// worker keeps this module from one file to the next, so nothing here is module state.
//
// With DOCS_SCREENSHOTS=1, full-page screenshots of every page at each width go to screenshots/ for
// people to look at; no test reads them, and drawing the long reference pages whole is a large share
// of the run, so by default none are taken.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { findBundles, readBundle } from './bundles.mjs';
import { startServer } from './server.mjs';
import { filesLoadedBy } from './weights.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));
const TAKE_SCREENSHOTS = process.env.DOCS_SCREENSHOTS === '1';

/** Every bundle the site renders, with its document. */
export const bundles = findBundles().map((bundle) => ({ ...bundle, doc: readBundle(bundle.jsonPath) }));
/** A Redoc reference (the interfaces', the sandbox control API's): its page has Redoc's root. */
const isReference = async (page: Page) => (await page.locator('main#redoc').count()) > 0;

// Every page is loaded once for all its tests: at a laptop's width, then narrowed to a phone's (a
// reload at each width cost a third of the browser tests' CPU time, issue 14; the page's layout is
// CSS media queries, which a resize applies).
export const AT_LAPTOP = 1366;
/** The phone widths each page is narrowed to after its tests at 1366 px. */
const phoneWidths = (page: string) => (page === 'index.html' || NARROWEST_TOO.test(page) ? [390, 320] : [390]);
/** Also at 320 px: the API reference, and the pages added since 320 px became a check of every new page. */
const NARROWEST_TOO = /^(api\/|v\/|changes-|sandbox-control-api\.html$)/;
export const LAPTOP_LAYOUT = `at ${AT_LAPTOP} px, with everything open: does not scroll sideways, and has no serious or critical accessibility violation`;

export interface Visit {
  page: Page;
  /** Same-origin paths requested, in order; blob: and data: URLs cost no transfer and are left out. */
  requested: string[];
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  httpErrors: string[];
  offSite: string[];
}

export interface Site {
  /** The pages the build wrote, as paths relative to the site's root. */
  pages: string[];
  /** The folder the site was built into. */
  dist: string;
  /** The site's address on 127.0.0.1, once `beforeAll` has run. */
  url(): string;
  browser(): Browser;
  /**
   * The page the calling describe's tests read: taken in its beforeAll (loaded ahead when it could
   * be; the next pages of the plan start loading) and closed in its afterAll.
   */
  visited(path: string): () => Visit;
  /** What the page loads is what the build's page weight counts: the page and its assets, once each. */
  expectRequestsCounted(result: Visit, page: string): void;
  /**
   * The HTTP status the site answers a link with. A fragment is never sent to the server, so
   * `page.html#a` and `page.html#b` are one request: each address is fetched once per file (the
   * built site does not change during the run). The API reference's pages link hundreds of
   * anchors of a few pages; fetching each was most of their link tests' time.
   */
  status(href: string | URL): Promise<number>;
}

/** Pages loaded ahead of the one a test takes, and pages loading at once (the machine has 2 cores). */
const LOOK_AHEAD = 2;
const LOADING_AT_ONCE = 2;

/**
 * The site (the run's one build, from the same code and bundles as `pnpm build`, so a test never
 * checks a stale dist/), served, and a browser, for the test file that calls it; both closed after
 * the file. `plan` picks, from the pages built, those the file takes, in the order it
 * takes them: while the tests read one page, Chromium loads the next ones beside it.
 */
export function openSite(plan: (pages: string[], dist: string) => string[]): Site {
  // The run's one build of the site (src/site.global-setup.ts), which removes it after the run.
  const { dist, pages } = inject('site');
  const order = plan(pages, dist);
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does`);
    }
    server = await startServer({ root: dist });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    if (TAKE_SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await closeUntaken();
    await browser?.close();
    await server?.close();
  });

  const url = () => {
    if (!server) throw new Error('the site is served from beforeAll on: read its address in a hook or a test');
    return server.url;
  };
  const openBrowser = () => {
    if (!browser) throw new Error('the browser starts in beforeAll: use it in a hook or a test');
    return browser;
  };

  /**
   * Opens a page in a fresh context (empty cache), recording everything that could go wrong. A
   * reference page is returned once Redoc has finished (`data-redoc` set), rendered or failed.
   */
  async function visit(path: string): Promise<Visit> {
    const context = await openBrowser().newContext({ viewport: { width: AT_LAPTOP, height: 900 } });
    const page = await context.newPage();
    // A missing element fails in seconds, not after Playwright's default 30 s; a load, made while
    // other pages load beside it, gets longer.
    page.setDefaultTimeout(10_000);
    page.setDefaultNavigationTimeout(30_000);
    const origin = new URL(url()).origin;
    const result: Visit = { page, requested: [], consoleErrors: [], pageErrors: [], failedRequests: [], httpErrors: [], offSite: [] };
    page.on('console', (message) => {
      if (message.type() === 'error') result.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => result.pageErrors.push(String(error)));
    page.on('requestfailed', (request) => result.failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('request', (request) => {
      const requested = new URL(request.url());
      if (requested.protocol === 'blob:' || requested.protocol === 'data:') return;
      if (requested.origin === origin) result.requested.push(requested.pathname);
      else result.offSite.push(request.url());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) result.httpErrors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(new URL(path, url()).href, { waitUntil: 'load' });
    if (await isReference(page)) await page.waitForSelector('html[data-redoc]', { timeout: 30_000 });
    return result;
  }

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
      // Awaited by the test that takes it; a page loaded ahead for a test that does not run is
      // closed in afterAll, and its failure is that test's, not an unhandled rejection.
      loading.catch(() => {});
      started.set(path, loading);
    }
    return loading;
  }

  /** Closes the pages loaded ahead that no test took (a test name filter, a failed hook). */
  async function closeUntaken() {
    for (const [path, loading] of started) {
      if (taken.has(path)) continue;
      await loading.then((result) => result.page.context().close(), () => {});
    }
  }

  const statuses = new Map<string, Promise<number>>();
  function status(href: string | URL) {
    const address = new URL(href, url());
    address.hash = '';
    let answered = statuses.get(address.href);
    if (!answered) {
      answered = fetch(address).then(async (response) => {
        await response.body?.cancel();
        return response.status;
      });
      statuses.set(address.href, answered);
    }
    return answered;
  }

  return {
    pages,
    dist,
    url,
    status,
    browser: openBrowser,
    visited(path) {
      let result: Visit | undefined;
      beforeAll(async () => {
        const index = order.indexOf(path);
        if (index >= 0) for (const page of order.slice(index + 1, index + 1 + LOOK_AHEAD)) start(page);
        taken.add(path);
        result = await start(path);
      });
      afterAll(() => result?.page.context().close());
      return () => {
        if (!result) throw new Error(`${path} is not loaded: read it in a test, after its describe's beforeAll`);
        return result;
      };
    },
    expectRequestsCounted(result, page) {
      const counted = [page, ...filesLoadedBy(page, readFileSync(join(dist, page), 'utf8'))].map((file) => `/${file}`);
      expect([...new Set(result.requested)].sort()).toEqual(counted.sort());
      expect(result.requested).toHaveLength(counted.length);
    },
  };
}

/** Every link of the page (of `selector`) into the site answers 200; links to other sites and to the page itself are left out. */
export async function expectSiteLinksResolve(site: Site, result: Visit, selector = 'a[href]') {
  const here = new URL(result.page.url());
  for (const href of new Set(await result.page.locator(selector).evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href)))) {
    const url = new URL(href);
    if (url.origin !== here.origin || url.pathname === here.pathname) continue;
    expect(await site.status(url), href).toBe(200);
  }
}

export function expectClean(result: Visit) {
  expect(result.consoleErrors, 'console errors').toEqual([]);
  expect(result.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(result.failedRequests, 'failed requests').toEqual([]);
  expect(result.httpErrors, 'HTTP errors').toEqual([]);
  expect(result.offSite, 'requests to hosts other than the site on 127.0.0.1').toEqual([]);
}

/** Whether the page scrolls sideways, and the elements that stick out on the right if so. */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)} right=${Math.round(element.getBoundingClientRect().right)} of ${width}`);
  });
}

/**
 * axe-core's serious and critical violations on the page as it is now.
 *
 * One exception, for one rule: `label-content-name-mismatch` (WCAG 2.5.3) takes a menu entry's
 * whole text as its visible label, and an entry of Redoc's sidebar that holds a submenu (a tag,
 * expanded) has the submenu's entries in its text. Such an entry is left out of that rule; each
 * entry of its submenu is checked on its own, and every other rule checks it too.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: any[] }>; _audit?: { rules: Array<{ id: string; impact?: string }> } } }).axe;
    // Rules that can only report a minor or moderate violation are not run: axe gives every check
    // of a rule that declares its impact that impact (axe-core's finalizeRuleResult), so they can
    // never report what this function returns. A rule without a declared impact is run.
    const lesser = (axe._audit?.rules ?? []).filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate');
    const rules = Object.fromEntries(lesser.map((rule) => [rule.id, { enabled: false }]));
    const result = await axe.run(document, { resultTypes: ['violations'], elementRef: true, rules });
    const holdsMenu = (node: { element: Element }) => node.element.querySelector('[role="menu"]') !== null;
    return result.violations
      .map((v) => ({ ...v, nodes: v.id === 'label-content-name-mismatch' ? v.nodes.filter((n: any) => !holdsMenu(n)) : v.nodes }))
      .filter((v) => v.nodes.length > 0)
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')) }));
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
export async function expectLaidOut(result: Visit, path: string, width: number) {
  const reference = await isReference(result.page);
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

/** The page's tests at each phone width, narrowed from 1366 px with everything still open. */
export function phoneLayoutTests(page: string, visited: () => Visit) {
  it.sequential.each(phoneWidths(page))('narrowed to %i px, with everything open: does not scroll sideways', async (width) => {
    const result = visited();
    await result.page.setViewportSize({ width, height: 900 });
    expect(await result.page.evaluate(() => window.innerWidth)).toBe(width);
    await expectLaidOut(result, page, width);
  });
}
