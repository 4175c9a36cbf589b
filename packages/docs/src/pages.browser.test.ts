// The site's own pages in headless Chromium: the landing page, the guides, and one page of each
// other template (a changelog, each kind of API reference page, an older version's pages; the
// others are the same templates, and build.test.ts reads every page's text, links and weight
// without a browser). The references are references.browser.test.ts (what both share, and why they
// are two files, is browser-site.ts). Each page loads clean and shows what its sources state, its
// links resolve, and it is laid out at 1366 px and at a phone's width with no serious or critical
// axe-core violation.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCallbacks, listOperations } from './bundles.mjs';
import { OPERATIONS_PAGE } from './operations.mjs';
import { repositoryOf } from './repository.mjs';
import { workspacePackages } from './workspace.mjs';
import { GUIDES } from './guides.mjs';
import { CONTROL_API_NOTE, CONTROL_API_PAGE, controlApiFile } from './control-api.mjs';
import { readBundle } from './bundles.mjs';
import { TEST_INTERFACE, TEST_VERSION } from './test-release.js';
import { VERSIONS_DIR } from './versions.mjs';
import { AT_LAPTOP, bundles, expectClean, expectLaidOut, expectSiteLinksResolve, horizontalOverflow, LAPTOP_LAYOUT, openSite, phoneLayoutTests, seriousViolations } from './browser-site.js';

/** The page of `pages` whose file is largest: where a long name or a crowded table shows first. */
function largest(pages: string[], dist: string): string[] {
  const sized = pages.map((page) => [page, statSync(join(dist, page)).size] as const);
  return sized.length === 0 ? [] : [sized.reduce((a, b) => (b[1] > a[1] ? b : a))[0]];
}

/**
 * The API reference's pages checked in the browser: its index and hierarchy, and one page of each
 * kind: the largest package (module) page, and the first class, function, interface, type and
 * variable. The others are these templates again (TypeDoc's, with our stylesheet), each loaded,
 * laid out and checked by axe-core at a cost of about 3 s of CPU per page (19 package pages were
 * most of the docs tests' time); build.test.ts checks every page's links, loads and weight.
 */
function apiPagesToVisit(pages: string[], dist: string) {
  const api = pages.filter((page) => page.startsWith('api/'));
  const kinds = new Map<string, string>();
  for (const page of api) {
    const kind = page.split('/')[1] ?? '';
    if (page.split('/').length === 3 && kind !== 'modules' && !kinds.has(kind)) kinds.set(kind, page);
  }
  return [...api.filter((page) => page.split('/').length === 2), ...largest(api.filter((page) => page.startsWith('api/modules/')), dist), ...kinds.values()];
}

/** One changelog page, the largest: the four are one template; build.test.ts reads each one's text and links. */
const changelogPagesToVisit = (pages: string[], dist: string) => largest(pages.filter((page) => page.startsWith('changelog-')), dist);

/** The guides the build wrote. */
const guidePages = (pages: string[]) => GUIDES.map((guide) => guide.page).filter((page) => pages.includes(page));

/**
 * Of the versions' pages (the site is built with one older release, test-release.ts), one of each
 * kind: what changed in one interface, an older release's changelog and its reference. The others
 * are the same templates; build.test.ts checks every one's links, loads and weight.
 */
const versionPagesToVisit = (pages: string[]) =>
  [`changes-${TEST_INTERFACE}.html`, `${VERSIONS_DIR}/${TEST_VERSION}/changelog-${TEST_INTERFACE}.html`, `${VERSIONS_DIR}/${TEST_VERSION}/${TEST_INTERFACE}.html`].filter((page) => pages.includes(page));

const site = openSite((pages, dist) => [
  'index.html',
  ...pages.filter((page) => page === OPERATIONS_PAGE),
  ...pages.filter((page) => page === CONTROL_API_PAGE),
  ...versionPagesToVisit(pages),
  ...changelogPagesToVisit(pages, dist),
  ...guidePages(pages),
  ...apiPagesToVisit(pages, dist),
]);

describe('landing page', () => {
  const result = site.visited('index.html');

  it('loads with no console error, no failed request and nothing from another host', () => {
    expectClean(result());
    site.expectRequestsCounted(result(), 'index.html');
  });

  it.each(bundles.map((bundle) => [bundle.id, bundle] as const))('shows %s with its letter and the facts its bundle states', async (id, { doc }) => {
    const card = result().page.locator(`section[id="${id}"]`);
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
    expect(links).toEqual([[`./${id}.html`, null], [`./${id}.json`, `${id}.json`], [`./${id}.yaml`, `${id}.yaml`], [`./changelog-${id}.html`, null], [`./changes-${id}.html`, null]]);
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
    const text = await result().page.locator('section.choose').innerText();
    for (const fact of ['link', 'callbacks', 'UUID', 'broadcast', 'numeric id']) expect(text).toContain(fact);
  });

  it('points to the sandbox as an npm user runs it, its guide and its control API reference', async () => {
    const text = await result().page.locator('section.sandbox').innerText();
    expect(text).toContain('npx messaging-sandbox');
    expect(text).toContain('startSandbox({ port: 0 })');
    expect(text).not.toMatch(/repository root|pnpm sandbox/);
    const links = await result().page.locator('section.sandbox a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['./sandbox.html', './sandbox-control-api.html'].filter((href) => site.pages.includes(href.slice(2))));
  });

  it('has links that all resolve on the site', async () => {
    const hrefs = await result().page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(bundles.length * 4);
    // The one page off the site: the repository Install says to clone (its URL is held to the manifests in build.test.ts).
    const repository = repositoryOf(workspacePackages()).web;
    for (const href of new Set(hrefs)) {
      const url = new URL(href);
      if (href === repository || href === `${repository}#readme`) continue;
      expect(url.origin, href).toBe(new URL(site.url()).origin);
      if (url.hash && url.pathname === '/index.html') {
        expect(await result().page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), href).toBe(1);
        continue;
      }
      const response = await fetch(url);
      expect(response.status, href).toBe(200);
      if (url.pathname.endsWith('.json')) expect(await response.json()).toBeTypeOf('object');
    }
  });

  // Last: it opens every quick start, which the test above opens by clicking.
  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), 'index.html', AT_LAPTOP));
  phoneLayoutTests('index.html', result);
});

describe.each(site.pages.filter((page) => page === OPERATIONS_PAGE).map((page) => [page] as const))('%s', (page) => {
  const result = site.visited(page);

  it('loads clean, loading only what the build counted, and its links (each reference anchor among them) resolve', async () => {
    expectClean(result());
    site.expectRequestsCounted(result(), page);
    expect(await result().page.locator('section.operation').count()).toBe(bundles.reduce((sum, { doc }) => sum + listOperations(doc).length, 0));
    await expectSiteLinksResolve(site, result());
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), page, AT_LAPTOP));
  phoneLayoutTests(page, result);
});

// The sandbox's control API: a Redoc reference like the interfaces' (references.browser.test.ts holds
// those to every example and sample), checked here for what every page gets and for what it is.
describe.each(site.pages.filter((page) => page === CONTROL_API_PAGE).map((page) => [page] as const))('%s', (page) => {
  const result = site.visited(page);
  const doc = readBundle(controlApiFile()!);

  it("renders every operation of the sandbox package's document, says it is the sandbox's own API, and its links resolve", async () => {
    expectClean(result());
    site.expectRequestsCounted(result(), page);
    expect(await result().page.getAttribute('html', 'data-redoc')).toBe('rendered');
    expect(await result().page.locator('.site-bar .note').innerText()).toBe(CONTROL_API_NOTE);
    expect(await result().page.title()).toMatch(/sandbox/i);
    const shown = await result().page.locator('#redoc [id^="operation/"] h2').allInnerTexts();
    const summaries = Object.values(doc.paths as Record<string, Record<string, { summary?: string }>>).flatMap((item) => Object.values(item).flatMap((op) => (op?.summary ? [op.summary] : [])));
    expect(summaries.length).toBeGreaterThan(10);
    expect(shown.map((text) => text.trim()).sort()).toEqual(summaries.sort());
    await expectSiteLinksResolve(site, result(), '.site-bar a');
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), page, AT_LAPTOP));
  phoneLayoutTests(page, result);
});

describe.each(versionPagesToVisit(site.pages).map((page) => [page] as const))('%s', (page) => {
  const result = site.visited(page);

  it('loads clean, loading only what the build counted, switches versions, and its links resolve', async () => {
    expectClean(result());
    site.expectRequestsCounted(result(), page);
    const versions = await result().page.locator('nav.versions a').evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    // The same page in the default version, and in the older one.
    const same = page.includes('changelog-') ? `changelog-${TEST_INTERFACE}.html` : `${TEST_INTERFACE}.html`;
    expect(versions.slice(0, 2)).toEqual([`/${same}`, `/${VERSIONS_DIR}/${TEST_VERSION}/${same}`]);
    expect(versions.at(-1)).toBe(`/changes-${TEST_INTERFACE}.html`);
    await expectSiteLinksResolve(site, result());
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), page, AT_LAPTOP));
  phoneLayoutTests(page, result);
});

describe.each(changelogPagesToVisit(site.pages, site.dist).map((page) => [page] as const))('%s', (page) => {
  const result = site.visited(page);

  it('loads clean, says what is released or pending, and its links resolve', async () => {
    expectClean(result());
    const text = await result().page.locator('main').innerText();
    expect(text).toMatch(/Breaking changes between releases/);
    expect(text).toMatch(/No release yet|Releases/);
    for (const href of await result().page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
      expect(await site.status(href), href).toBe(200);
    }
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), page, AT_LAPTOP));
  phoneLayoutTests(page, result);
});

describe.each(guidePages(site.pages).map((page) => [page] as const))('%s', (page) => {
  const result = site.visited(page);

  it("loads clean, shows its packages' READMEs, and its links resolve", async () => {
    expectClean(result());
    expect(await result().page.locator('main h1').first().innerText()).toMatch(/@messaging-contracts\/|guide/);
    if (page === 'sandbox.html') {
      expect(await result().page.locator('main').innerText()).toContain('npx messaging-sandbox');
      if (site.pages.includes(CONTROL_API_PAGE)) expect(await result().page.locator(`a[href="./${CONTROL_API_PAGE}"]`).count()).toBe(1);
      // The flag table's links to the sections on --cors and --https: links, checked below like every other.
      for (const anchor of ['#browser-apps', '#https']) expect(await result().page.locator(`table a[href="${anchor}"]`).count(), anchor).toBeGreaterThan(0);
    }
    for (const href of await result().page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
      const url = new URL(href);
      // A README's links to other sites (openapi-fetch's docs) are not this site's to serve.
      if (url.origin !== new URL(site.url()).origin) continue;
      if (url.hash && url.pathname === `/${page}`) expect(await result().page.locator(`[id="${url.hash.slice(1)}"]`).count(), href).toBe(1);
      else expect(await site.status(href), href).toBe(200);
    }
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), page, AT_LAPTOP));
  phoneLayoutTests(page, result);
});

describe.each(apiPagesToVisit(site.pages, site.dist).map((page) => [page] as const))('%s', (page) => {
  const result = site.visited(page);

  it('loads clean, loading only what the build counted, and its links resolve', async () => {
    expectClean(result());
    site.expectRequestsCounted(result(), page);
    expect(await result().page.locator('h1').first().innerText()).not.toBe('');
    for (const href of new Set(await result().page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href)))) {
      const url = new URL(href);
      // A doc comment's own example address (the sandbox's default URL) is not a page of the site.
      if (url.origin !== new URL(site.url()).origin) continue;
      expect(await site.status(href), href).toBe(200);
    }
    // The header's way back to the rest of the site.
    const home = await result().page.locator('a', { hasText: 'All interfaces' }).first().getAttribute('href');
    expect(new URL(home ?? '', result().page.url()).pathname).toBe('/index.html');
  });

  it(LAPTOP_LAYOUT, () => expectLaidOut(result(), page, AT_LAPTOP));
  phoneLayoutTests(page, result);
});

// The layout and accessibility checks above can fail: each finds what it is made to find.
describe('the checks themselves', () => {
  it('see a page that scrolls sideways, and a serious accessibility violation', async () => {
    const context = await site.browser().newContext({ viewport: { width: 390, height: 900 } });
    try {
      const page = await context.newPage();
      await page.setContent('<html lang="en"><body><div style="width: 600px">wide</div><img src="data:,"><p style="color:#eee;background:#fff">faint</p></body></html>');
      expect((await horizontalOverflow(page))[0]).toMatch(/^div\. right=608 of 390/);
      const violations = await seriousViolations(page);
      expect(violations.some((v) => /image-alt/.test(v))).toBe(true);
      expect(violations.some((v) => /color-contrast/.test(v))).toBe(true);
      // A menu entry named without what it shows is found, also inside a submenu; the entry that
      // holds the submenu is the one left out of that rule (seriousViolations says why).
      await page.setContent(
        '<html lang="en"><body><ul role="menu"><li id="flat" role="menuitem" tabindex="0" aria-label="Send a message"><span>post</span><span>Send a message</span></li>' +
          '<li id="group" role="menuitem" tabindex="0" aria-label="messages"><span>messages</span><ul role="menu"><li id="nested" role="menuitem" tabindex="0" aria-label="A message"><span>get</span><span>A message</span></li></ul></li></ul></body></html>',
      );
      const mismatch = (await seriousViolations(page)).find((v) => v.includes('label-content-name-mismatch'));
      expect(mismatch, 'a label-content-name-mismatch violation').toBeTypeOf('string');
      expect(mismatch).toContain('#flat');
      expect(mismatch).toContain('#nested');
      expect(mismatch).not.toContain('#group');
    } finally {
      await context.close();
    }
  });
});
