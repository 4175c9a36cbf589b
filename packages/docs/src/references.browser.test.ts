// Each interface's reference page in headless Chromium, rendered by Redoc from its bundle: every
// operation, callback, response, header and example of the bundle is on it, with its code samples;
// its links resolve; it is laid out at 1366 px and at a phone's width with no serious or critical
// axe-core violation (callbacks expanded, search open), and runs with no console error, no failed
// request and nothing from another host. What the browser tests share, and why the site's own pages
// are another file (pages.browser.test.ts), is browser-site.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCallbacks } from './bundles.mjs';
import { samplesOf } from './samples.mjs';
import { unusedComponents } from './view.mjs';
import { AT_LAPTOP, bundles, expectClean, expectLaidOut, horizontalOverflow, LAPTOP_LAYOUT, openSite, phoneLayoutTests, seriousViolations } from './browser-site.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const site = openSite(() => bundles.map((bundle) => `${bundle.id}.html`));

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

/** Each example of a media type: its `example`, or every named one with the summary Redoc lists it by. */
function examplesOf(media: { example?: unknown; examples?: Record<string, { summary?: string; value?: unknown }> }): Array<{ summary?: string; value: unknown }> {
  if ('example' in media) return [{ value: media.example }];
  return Object.values(media.examples ?? {}).map(({ summary, value }) => ({ summary, value }));
}

/**
 * Where the Example chooser of the selected panel does not hold the name it shows: Redoc draws the
 * name in a label over an invisible select, and a name wider than the box ran past its edge (and
 * was cut by the panel), C's request sample about 100 px at 1366 px.
 */
async function chooserOverflow(block: Locator): Promise<string[]> {
  return block.locator('[role="tabpanel"][class*="selected"] select[aria-label="Example"]').evaluate((select: HTMLSelectElement) => {
    const box = select.parentElement!;
    const label = select.nextElementSibling as HTMLElement;
    const panel = box.closest('[role="tabpanel"]')!;
    const right = (element: Element) => element.getBoundingClientRect().right;
    const problems: string[] = [];
    if (label?.textContent !== select.selectedOptions[0]?.textContent) problems.push(`shows "${label?.textContent}", not the selected "${select.selectedOptions[0]?.textContent}"`);
    if (right(label) > right(box) + 0.5) problems.push(`its name ends ${Math.round(right(label) - right(box))} px past the box`);
    if (box.scrollWidth > box.clientWidth) problems.push(`the box holds ${box.scrollWidth} px in ${box.clientWidth} px`);
    if (label.scrollWidth > label.clientWidth) problems.push(`its name is cut (${label.scrollWidth} px of text in ${label.clientWidth} px)`);
    if (right(box) > right(panel) + 0.5) problems.push(`the box ends ${Math.round(right(box) - right(panel))} px past the panel`);
    return problems;
  });
}

/**
 * Shows each named example in turn (Redoc's Example list, by summary) and checks it is rendered and,
 * at the width the page has (1366 px while these run), that the chooser holds its name whole.
 * Returns how many choosers it checked.
 */
async function expectEveryExample(block: Locator, media: object, where: string): Promise<number> {
  const all = examplesOf(media as never);
  for (const { summary, value } of all) {
    const named = `${where}${summary ? ` (${summary})` : ''}`;
    if (all.length > 1) {
      await block.locator('[role="tabpanel"][class*="selected"] select[aria-label="Example"]').selectOption(summary!);
      expect(await chooserOverflow(block), `${named}: the Example chooser at ${await block.page().evaluate(() => window.innerWidth)} px`).toEqual([]);
    }
    expectShown(await block.locator('[role="tabpanel"][class*="selected"]').innerText(), value, named);
  }
  return all.length > 1 ? all.length : 0;
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

// The four references side by side, each in a page of its own (Chromium renders each in its own
// renderer): one after another they were the longest stretch of `pnpm test`, ending alone (issue
// 14). The tests of one reference run in order (`it.sequential`): each leaves its page as the next
// expects it, the layout and accessibility checks last.
describe.concurrent.each(bundles.map((bundle) => [bundle.id, bundle] as const))('%s reference', (id, { doc }) => {
  const expected = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] })),
  );
  const hooks = listCallbacks(doc);
  const hookIds = new Set(hooks.map((hook) => hook.operationId));
  const codeSamples = samplesOf(doc, id);

  const result = site.visited(`${id}.html`);
  let rendered: RenderedOperation[];
  let state: string | null;
  let anchorsWithoutTarget: string[];

  beforeAll(async () => {
    state = await result().page.getAttribute('html', 'data-redoc');
    rendered = await readOperations(result().page);
    anchorsWithoutTarget = await result().page
      .locator('#redoc a[href^="#"]')
      .evaluateAll((anchors) =>
        anchors.map((a) => a.getAttribute('href') ?? '').filter((href) => !document.getElementById(decodeURIComponent(href.slice(1)))),
      );
  });

  it.sequential('renders from the bundle, loading only the page and the shared renderer', () => {
    expect(state).toBe('rendered');
    site.expectRequestsCounted(result(), `${id}.html`);
  });

  it.sequential('shows every operation with its method, path and summary, and nothing else', () => {
    // Redoc groups operations by tag, so compare them in one order.
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const want = expected.map(({ path, method, op }) => ({ id: op.operationId, method, path, summary: op.summary })).sort(byId);
    const got = rendered.filter((op) => !hookIds.has(op.id)).map(({ id: opId, method, path, summary }) => ({ id: opId, method, path, summary })).sort(byId);
    expect(got).toEqual(want);
  });

  it.sequential('shows every response of every operation, with its headers', () => {
    for (const { op } of expected) {
      expect(rendered.find((item) => item.id === op.operationId)?.responses, op.operationId).toEqual(responsesOf(doc, op));
    }
  });

  it.sequential('shows every callback expanded, as an operation of its own: summary, method and address, every answer with its headers', () => {
    expect(rendered.filter((op) => hookIds.has(op.id)).map((op) => op.id).sort()).toEqual([...hookIds].sort());
    for (const hook of hooks) {
      const shown = rendered.find((item) => item.id === hook.operationId)!;
      expect(shown.summary, hook.operationId).toBe(hook.summary);
      // An address only where the bundle gives one: B's reply callback has none (section 6: its
      // target is not shown).
      if (hook.expression) expect(shown.text, hook.operationId).toContain(`The service sends it as ${hook.method.toUpperCase()} to ${hook.expression}, the receiver's address.`);
      else expect(shown.text, hook.operationId).not.toContain('The service sends it as');
      expect(shown.responses, hook.operationId).toEqual(responsesOf(doc, hook.operation));
    }
  });

  it.sequential('shows no credentials on any callback, and the interface\'s on its requests (section 5)', () => {
    // Redoc applies OpenAPI's inheritance rule: an operation without `security` shows the document's.
    for (const hook of hooks) expect(rendered.find((item) => item.id === hook.operationId)!.text, hook.operationId).not.toContain('Authorizations');
    expect(rendered.filter((op) => !hookIds.has(op.id)).some((op) => op.text.includes('Authorizations'))).toBe(true);
  });

  it.sequential("shows every callback's payload example and every one of its answers' examples", async () => {
    for (const hook of hooks) {
      const section = result().page.locator(`[id="operation/${hook.operationId}"]`);
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

  it.sequential('shows every operation and callback with its code samples, each readable whole', async () => {
    for (const [operationId, own] of codeSamples) {
      const block = samples(result().page.locator(`[id="operation/${operationId}"]`), 'Request samples');
      for (const sample of own) {
        await block.locator('li[role="tab"]', { hasText: new RegExp(`^\\s*${sample.label.replace(/[()]/g, '\\$&')}\\s*$`) }).click();
        const shown = folded(await block.locator('[role="tabpanel"][class*="selected"]').innerText());
        expect(shown, `${operationId} ${sample.label}`).toContain(folded(sample.source));
      }
    }
  });

  it.sequential(`shows every request and response example; each Example chooser holds the name it shows at ${AT_LAPTOP} px`, async () => {
    const { page } = result();
    expect(await page.evaluate(() => window.innerWidth)).toBe(AT_LAPTOP);
    let choosers = 0;
    for (const { op } of expected) {
      const section = page.locator(`[id="operation/${op.operationId}"]`);
      // Request bodies: one sample per media type, chosen in the Content type list when there are several.
      const requestMedia = Object.entries((deref(doc, op.requestBody)?.content ?? {}) as Record<string, object>).filter(([, media]) => hasExample(media));
      for (const [type, media] of requestMedia) {
        const block = samples(section, 'Request samples');
        await block.locator('li[role="tab"]', { hasText: /^\s*Payload\s*$/ }).click();
        if (requestMedia.length > 1) await block.locator('select[aria-label="Content type"]').selectOption(type);
        // Several named examples (C's delivery attempts, direct and wrapped): each is shown.
        choosers += await expectEveryExample(block, media, `${op.operationId} request ${type}`);
      }
      // Responses: one tab per status code; Redoc renders only the selected tab.
      for (const [code, response] of Object.entries((op.responses ?? {}) as Record<string, any>)) {
        const media = Object.values((deref(doc, response).content ?? {}) as Record<string, object>)[0];
        if (!hasExample(media)) continue;
        const block = samples(section, 'Response samples');
        await block.locator('li[role="tab"]', { hasText: new RegExp(`^\\s*${code}\\s*$`) }).click();
        choosers += await expectEveryExample(block, media, `${op.operationId} ${code}`);
      }
    }
    // Not vacuous: every example of a media type with several was chosen and measured (C's request).
    const named = expected.flatMap(({ op }) => [deref(doc, op.requestBody), ...Object.values((op.responses ?? {}) as Record<string, any>).map((r) => deref(doc, r))])
      .flatMap((body) => Object.values((body?.content ?? {}) as Record<string, { examples?: object }>))
      .map((media) => Object.keys(media.examples ?? {}).length)
      .filter((count) => count > 1);
    expect(choosers).toBe(named.reduce((sum, count) => sum + count, 0));
    if (id === 'im-v1') expect(choosers).toBeGreaterThan(0);
  });

  it.sequential('describes every security scheme in an Authentication section', async () => {
    for (const [name, scheme] of Object.entries(doc.components.securitySchemes as Record<string, { type: string; name?: string; scheme?: string }>)) {
      const section = result().page.locator(`[id="section/Authentication/${name}"]`);
      const shown = (await section.innerText()).replace(/\s+/g, ' ');
      expect(shown).toContain(name);
      expect(shown).toContain(scheme.type === 'apiKey' ? `Header parameter name: ${scheme.name}` : `HTTP Authorization Scheme: ${scheme.scheme}`);
    }
  });

  it.sequential('shows every component that no operation uses, under Other definitions', async () => {
    const unused = unusedComponents(doc);
    if (unused.length === 0) {
      expect(await result().page.locator('[id^="tag/Other-definitions"]').count()).toBe(0);
      return;
    }
    const shown = (await result().page.locator('[id^="tag/Other-definitions"]').allInnerTexts()).join('\n');
    for (const { kind, name, value } of unused) {
      expect(shown, name).toContain(name);
      if (kind === 'schemas') for (const property of Object.keys(value.properties ?? {})) expect(shown, `${name}.${property}`).toContain(property);
      if (kind === 'headers') expect(shown, name).toContain(value.schema.type);
    }
  });

  it.sequential('names each sidebar entry by what it shows: the badge, then the summary (WCAG 2.5.3)', async () => {
    const entries = await result()
      .page.locator('#redoc li[role="menuitem"] > label')
      .evaluateAll((labels) => labels.map((label) => ({ name: label.parentElement!.getAttribute('aria-label'), parts: [...label.children].map((part) => (part.textContent ?? '').trim()).filter(Boolean) })));
    const named = (summary: string) => entries.find((entry) => entry.parts.at(-1) === summary);
    // Redoc's badges: the method, shortened for two of them, and "Event" for a callback (an
    // OpenAPI webhook, as the site shows them).
    const shortened: Record<string, string> = { delete: 'del', options: 'opts' };
    const badge = (method: string) => shortened[method] ?? method;
    for (const { method, op } of expected) {
      expect(named(op.summary), op.operationId).toEqual({ name: `${badge(method)} ${op.summary}`, parts: [badge(method), op.summary] });
    }
    for (const { operationId, summary = '' } of hooks) expect(named(summary), operationId).toEqual({ name: `Event ${summary}`, parts: ['Event', summary] });
  });

  it.sequential('has in-page links that all lead somewhere', () => {
    expect(anchorsWithoutTarget).toEqual([]);
  });

  it.sequential('has site links (landing page, bundles to download, changelog, Operations, versions, what changed) that resolve', async () => {
    const versions = await result().page.locator('.site-bar .versions a').evaluateAll((anchors) => anchors.map((a) => [new URL((a as HTMLAnchorElement).href).pathname, a.getAttribute('aria-current')]));
    expect(versions[0]).toEqual([`/${id}.html`, 'page']);
    expect(versions.at(-1)).toEqual([`/changes-${id}.html`, null]);
    for (const [path] of versions) expect(await site.status(path!), path!).toBe(200);
    const links = await result().page.locator('.site-bar > a').evaluateAll((anchors) => anchors.map((a) => [(a as HTMLAnchorElement).href, a.getAttribute('download')] as const));
    expect(links.map(([href, download]) => [new URL(href).pathname, download])).toEqual([
      ['/index.html', null],
      [`/${id}.json`, `${id}.json`],
      [`/${id}.yaml`, `${id}.yaml`],
      [`/changelog-${id}.html`, null],
      ['/operations.html', null],
    ]);
    for (const [href] of links) expect(await site.status(href), href).toBe(200);
  });

  // After the tests that switch samples, so its search and accessibility check see what they left.
  it.sequential(LAPTOP_LAYOUT, () => expectLaidOut(result(), `${id}.html`, AT_LAPTOP));
  phoneLayoutTests(`${id}.html`, result);

  // Last, so that it also covers whatever switching samples and searching did.
  it.sequential('runs with no console error, no failed request and nothing from another host', () => {
    expectClean(result());
  });
});

// The same pages with scripts off, as a search engine, a reader without scripts or a tool that
// fetches the page sees them: the reference is in the HTML (prerender.mjs). One page at a time,
// after the rendered references above.
describe.each(bundles.map((bundle) => [bundle.id, bundle] as const))('%s reference before any script runs', (id, { doc }) => {
  const operations = [
    ...Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) => METHODS.filter((method) => item[method]).map((method) => item[method])),
    ...listCallbacks(doc).map((hook) => hook.operation),
  ];

  it('shows every operation and callback with its summary, laid out from 1366 px to 320 px, loading nothing else', async () => {
    const context = await site.browser().newContext({ javaScriptEnabled: false, viewport: { width: AT_LAPTOP, height: 900 } });
    try {
      const page = await context.newPage();
      const requested: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(new URL(`${id}.html`, site.url()).href, { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'data-redoc')).toBeNull();
      const shown = await readOperations(page);
      expect(shown.map((op) => op.summary).sort()).toEqual(operations.map((op) => String(op.summary)).sort());
      for (const op of shown) expect(await page.locator(`[id="operation/${op.id}"] h2`).first().isVisible(), op.id).toBe(true);
      for (const width of [AT_LAPTOP, 390, 320]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await horizontalOverflow(page), `${width} px`).toEqual([]);
      }
      // The page alone: with scripts off Chromium does not even fetch the renderer.
      expect(requested.map((url) => new URL(url).pathname)).toEqual([`/${id}.html`]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical accessibility violation in its scriptless markup', async () => {
    // axe-core needs scripts; the page's own scripts are taken out instead, so axe reads the markup
    // that a reader without scripts gets.
    const context = await site.browser().newContext({ viewport: { width: AT_LAPTOP, height: 900 } });
    try {
      const page = await context.newPage();
      const html = readFileSync(join(site.dist, `${id}.html`), 'utf8').replace(/<script\b[\s\S]*?<\/script>/g, '');
      await page.setContent(html);
      expect(await page.locator('[id^="operation/"]').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
