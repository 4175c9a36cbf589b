import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { API_DIR, documentedPackages } from './api-reference.mjs';
import { GUIDES } from './guides.mjs';
import { internalReferences } from './internal-references.mjs';
import { CONTROL_API_ID, CONTROL_API_NOTE, CONTROL_API_PAGE, controlApiFile } from './control-api.mjs';
import { deref, findBundles, listCallbacks, listOperations, readBundle } from './bundles.mjs';
import { workspacePackages, workspaceRoot } from './workspace.mjs';
import { repositoryOf } from './repository.mjs';
import { trackedFiles } from './repository-paths.mjs';
import { VERSIONS_DIR } from './versions.mjs';
import { TEST_CHANGELOG_ENTRY, TEST_INTERFACE, TEST_REMOVED_PATH, TEST_VERSION, testRelease } from './test-release.js';
import { patchRenderer } from './build.mjs';
import { rendererFileName } from './render.mjs';
import { SEARCH_INDEX, SEARCH_SCRIPT } from './search-box.mjs';
import { filesLoadedBy, furtherView, loadedFiles, TARGETS } from './weights.mjs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

// The run's one build of the site, with one release before the working tree's version, so the
// versioned pages are built and checked (src/site.global-setup.ts).
const { dist, interfaces, weight, renderer, pages } = inject('site');
const bundles = findBundles();

describe('buildSite', () => {
  it('writes a landing page, a reference and a changelog per bundle, both bundles of each, the renderer once, and .br and .gz of each', () => {
    const files = [
      'index.html',
      renderer,
      'redoc.standalone.js.LICENSE.txt',
      ...bundles.flatMap(({ id }) => [`${id}.html`, `changelog-${id}.html`, `${id}.json`, `${id}.yaml`]),
      ...GUIDES.map((guide) => guide.page).filter((page) => pages.includes(page)),
      CONTROL_API_PAGE,
      `${CONTROL_API_ID}.json`,
      ...bundles.map(({ id }) => `changes-${id}.html`),
      'operations.html',
      SEARCH_INDEX,
      SEARCH_SCRIPT,
    ];
    expect(readdirSync(dist).filter((file) => file !== API_DIR && file !== VERSIONS_DIR).sort()).toEqual(files.flatMap((file) => [file, `${file}.br`, `${file}.gz`]).sort());
    expect(interfaces.map((api) => api.id)).toEqual(bundles.map((bundle) => bundle.id));
  });

  it('names the renderer by its content, so it can be cached for good', () => {
    expect(renderer).toMatch(/^redoc\.standalone\.[0-9a-f]{12}\.js$/);
    expect(renderer).toBe(rendererFileName(readFileSync(join(dist, renderer))));
  });

  it('writes precompressed copies that decompress to the file itself', () => {
    for (const file of ['index.html', renderer, `${bundles[0]!.id}.json`]) {
      const content = readFileSync(join(dist, file));
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(content), file).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(content), file).toBe(true);
    }
  });

  it.each(bundles.map((bundle) => [bundle.id, bundle] as const))('%s: publishes the bundles byte for byte', (id, bundle) => {
    expect(readFileSync(join(dist, `${id}.json`)).equals(readFileSync(bundle.jsonPath))).toBe(true);
    expect(readFileSync(join(dist, `${id}.yaml`)).equals(readFileSync(bundle.yamlPath))).toBe(true);
  });

  it('has every reference page load the same single script, from the site', () => {
    for (const { id } of bundles) {
      expect(loadedFiles(readFileSync(join(dist, `${id}.html`), 'utf8'))).toEqual([renderer]);
    }
    // The API reference's pages share TypeDoc's assets among themselves (api/assets/).
    expect(weight.shared.map((item) => item.file).filter((file) => !file.startsWith(`${API_DIR}/`))).toEqual([renderer]);
  });

  it('reports a weight for every page, the landing page first, within the targets (brotli)', () => {
    expect(weight.pages.map((page) => page.page)).toEqual(pages);
    expect(pages[0]).toBe('index.html');
    for (const page of weight.pages) {
      expect(page.br, page.page).toBeLessThanOrEqual(TARGETS.firstView);
      expect(furtherView(page, weight.shared, 'br'), page.page).toBeLessThanOrEqual(TARGETS.furtherPage);
    }
  });
});

describe('changelog pages', () => {
  // Integrators cannot look up the project's own issue or item numbers (the sources are held to it
  // in internal-references.test.ts; this holds what the build makes of them).
  it('cite no internal issue, item or pull request number', () => {
    const changelogs = pages.filter((page) => /(^|\/)changelog-[^/]+\.html$/.test(page));
    expect(changelogs.length).toBeGreaterThanOrEqual(bundles.length);
    const cited = changelogs.flatMap((page) => internalReferences(textWithoutScripts(readFileSync(join(dist, page), 'utf8'))).map((r) => `${page}: ${r.text}`));
    expect(cited).toEqual([]);
  });
});

// What each guide must cover (the list), as words its page must contain: a README that stops
// covering one fails here, and the guide is fixed in the README.
const GUIDE_TOPICS: Record<string, RegExp[]> = {
  'sandbox.html': [/startSandbox/, /npx messaging-sandbox/, /control operations/i, /fault/i, /callback/i],
  'webhooks.html': [/createCallbackRouter/, /express/i, /fetch/i, /dedup|de-dup/i, /redelivery/i],
  'validators.html': [/withValidation/, /ContractViolationError/, /keyed by operationId/, /Violation/],
  'clients.html': [/auth/i, /ClientNetworkError/, /retryPolicy/, /timeoutMs/],
  'verify.html': [/messaging-verify/, /--live/, /--dry-run/, /summaryLine/, /JUnit/i],
};

describe.each(GUIDES.map((guide) => [guide.page, guide] as const))('guide %s', (page, guide) => {
  it('is built from its packages\' READMEs, linked from the landing page, and covers its topics', () => {
    expect(pages).toContain(page);
    const html = readFileSync(join(dist, page), 'utf8');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain(`href="./${page}"`);
    const text = textWithoutScripts(html);
    for (const short of guide.packages) expect(text).toContain(`@messaging-contracts/${short}`);
    expect(GUIDE_TOPICS[page], `topics of ${page}`).toBeDefined();
    for (const topic of GUIDE_TOPICS[page] ?? []) expect(text, String(topic)).toMatch(topic);
  });

  it("shows its READMEs' tables as tables, and every #anchor link of the page lands on one element of it", () => {
    const html = readFileSync(join(dist, page), 'utf8');
    expect(html).not.toContain('<pre class="table">');
    for (const table of html.match(/<table>[\s\S]*?<\/table>/g) ?? []) expect(table).toMatch(/^<table>\s*<thead>\s*<tr>\s*<th\b/);
    expect(unlandedAnchors(html)).toEqual([]);
  });

  it("leaves out the sections its READMEs address to the repository's maintainers, which the READMEs keep", () => {
    const html = readFileSync(join(dist, page), 'utf8');
    expect(html).not.toMatch(/for the repository(&#39;|')s maintainers/);
    const readmes = guide.packages.map((short) => readFileSync(join(workspacePackages().find((p) => p.name === `@messaging-contracts/${short}`)!.dir, 'README.md'), 'utf8'));
    for (const readme of readmes) {
      for (const [, heading = ''] of readme.matchAll(/^#+ (.*\(for the repository's maintainers\))$/gm)) expect(html, heading).not.toContain(`>${heading.replace(/'/g, '&#39;')}<`);
    }
  });

  it('gives every element an id of its own, across its READMEs (the clients share headings)', () => {
    const ids = [...readFileSync(join(dist, page), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

// The sandbox's flag table documents --cors and --https beside links to their sections.
describe("the sandbox guide's flag table", () => {
  const html = existsSync(join(dist, 'sandbox.html')) ? readFileSync(join(dist, 'sandbox.html'), 'utf8') : '';
  const flags = /<table>(?:(?!<\/table>)[\s\S])*?<code>--cors [\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  const row = (flag: string) => new RegExp(`<tr>\\s*<td><code>${flag}[^<]*</code></td>[\\s\\S]*?</tr>`).exec(flags)?.[0] ?? '';

  it('is a table with header cells, its code and links rendered, its escaped pipes shown as pipes', () => {
    expect(flags).toMatch(/^<table>\s*<thead>\s*<tr>\s*<th>flag<\/th>\s*<th>default<\/th>/);
    expect(row('--cors')).toContain('<code>--cors loopback|off|&lt;origin&gt;,...</code>');
    expect(row('--cors')).toContain('<a href="#browser-apps">Browser apps</a>');
    expect(row('--https')).toContain('<a href="#https">HTTPS</a>');
    expect(flags).not.toMatch(/\\\||\]\(#/);
  });

  it('links --cors and --https to their sections on the same page', () => {
    expect(html).toMatch(/<h[2-6] id="browser-apps">Browser apps<\/h[2-6]>/);
    expect(html).toMatch(/<h[2-6] id="https">HTTPS<\/h[2-6]>/);
    expect([...flags.matchAll(/href="#([^"]+)"/g)].map((match) => match[1])).toEqual(expect.arrayContaining(['browser-apps', 'https']));
    expect(unlandedAnchors(flags, html)).toEqual([]);
  });
});

/**
 * The `#anchor` links of `html` that do not land on exactly one element of `page` (the page holding
 * them, by default): a README's own `[x](#section)` links, once rendered on the site.
 */
function unlandedAnchors(html: string, page = html) {
  const ids = [...page.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);
  const anchors = new Set([...html.matchAll(/<a\b[^>]*\bhref="#([^"]*)"/g)].map((match) => match[1]!));
  return [...anchors].filter((anchor) => ids.filter((id) => id === anchor).length !== 1).map((anchor) => `#${anchor}`);
}

describe("the landing cards' authentication", () => {
  const landing = readFileSync(join(dist, 'index.html'), 'utf8');
  const auth = (id: string) => /<dd class="auth">([\s\S]*?)<\/dd>/.exec(landing.slice(landing.indexOf(`<section class="api" id="${id}"`)))?.[1] ?? '';

  // Section 5: B's credentials are an application name and a password, carried in an Authorization
  // header whose scheme is not shown; A and D use HTTP Basic; C an API key in the header authorization.
  it.each([
    ['gateway-v1', ['HTTP Basic'], ['API key']],
    ['sms-v2', ['an application name and a password', '<code>Authorization</code> header', '<code>&lt;API_KEY&gt;</code>', 'not shown'], ['API key in']],
    ['im-v1', ['API key in the request header named authorization'], []],
    ['campaign-manager-v1', ['HTTP Basic'], ['API key']],
  ])('%s says what section 5 says', (id, says, never) => {
    for (const words of says) expect(auth(id)).toContain(words);
    for (const words of never) expect(auth(id)).not.toContain(words);
  });
});

describe('Install on the landing page', () => {
  const landing = readFileSync(join(dist, 'index.html'), 'utf8');

  it("names the repository to clone, the one every published package's package.json names", () => {
    const shown = /<code>git clone (\S+)\n/.exec(landing)?.[1];
    expect(shown, 'a git clone line').toMatch(/^https:\/\//);
    const manifests = workspacePackages()
      .filter((p) => !p.private)
      .map((p) => JSON.parse(readFileSync(join(p.dir, 'package.json'), 'utf8')) as { name: string; repository?: { url?: string } });
    expect(manifests.length).toBeGreaterThanOrEqual(13);
    for (const manifest of manifests) expect(manifest.repository?.url?.replace(/^git\+/, ''), manifest.name).toBe(shown);
    expect(landing).toContain(`<a class="repository" href="${shown!.replace(/\.git$/, '')}">`);
  });
});

describe("the guides' repository paths", () => {
  const web = repositoryOf(workspacePackages()).web;
  const tracked = new Set(trackedFiles(workspaceRoot()));
  const linked = (page: string) => [...readFileSync(join(dist, page), 'utf8').matchAll(/<a href="([^"]+)"><code>([^<]*)<\/code><\/a>/g)].filter(([, href]) => href!.startsWith(`${web}/`));

  it('link each path a guide names that the repository tracks to its file (the verifier guide: src/generate.ts of its package, tools/spec-check/catalog of the root)', () => {
    const verify = linked('verify.html').map(([, href, text]) => [text, href]);
    expect(verify).toContainEqual(['src/generate.ts', `${web}/blob/HEAD/packages/verify/src/generate.ts`]);
    expect(verify).toContainEqual(['tools/spec-check/catalog', `${web}/tree/HEAD/tools/spec-check/catalog`]);
  });

  it('link only what the repository tracks, and leave a placeholder path as text', () => {
    const all = GUIDES.flatMap((guide) => (pages.includes(guide.page) ? linked(guide.page) : []));
    expect(all.length).toBeGreaterThanOrEqual(20);
    for (const [, href = ''] of all) {
      const path = href.replace(/^.*?\/(blob|tree)\/HEAD\//, '');
      expect(tracked.has(path) || [...tracked].some((file) => file.startsWith(`${path}/`)), href).toBe(true);
    }
    expect(readFileSync(join(dist, 'verify.html'), 'utf8')).toContain('<code>specs/&lt;id&gt;/workflows/*.arazzo.yaml</code>');
  });
});

describe('API reference of the packages', () => {
  const workspace = workspacePackages();
  const published = workspace.filter((p) => !p.private);
  const landing = readFileSync(join(dist, 'index.html'), 'utf8');
  const apiPages = pages.filter((page) => page.startsWith(`${API_DIR}/`));

  it('lists every publishable package on the landing page', () => {
    expect(published.length).toBeGreaterThanOrEqual(13);
    const listed = [...landing.matchAll(/<code class="package">([^<]+)<\/code>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(published.map((p) => p.name).sort());
  });

  it('has a page per import path of every package with declarations, linked from the landing page', () => {
    const documented = documentedPackages(workspace);
    expect(documented.map((p) => p.name)).toContain('@messaging-contracts/validators');
    for (const p of documented) {
      for (const [subpath, target] of Object.entries(p.exports)) {
        if (!target || typeof target !== 'object' || !('types' in target)) continue;
        const module = p.name + subpath.slice(1);
        const page = apiPages.find((file) => readFileSync(join(dist, file), 'utf8').includes(`<h1>Module ${module}</h1>`));
        expect(page, module).toBeTypeOf('string');
        expect(landing, module).toContain(`href="./${page}"`);
      }
    }
  });

  it('documents what readers look for: withValidation, ContractViolationError, createCallbackRouter, startSandbox', () => {
    const text = apiPages.map((page) => readFileSync(join(dist, page), 'utf8')).join('\n');
    for (const name of ['withValidation', 'ContractViolationError', 'createCallbackRouter', 'startSandbox']) expect(text.includes(`>${name}<`), name).toBe(true);
  });

  // TypeDoc files a declaration under the first entry point that exports it: by name, the first client
  // (campaign-manager-v1-client) took client-core's ClientNetworkError and its types package's types.
  it('files a declaration under the package that declares it, and links the re-exports there', () => {
    const page = `${API_DIR}/classes/_messaging-contracts_client-core.ClientNetworkError.html`;
    expect(apiPages).toContain(page);
    expect(apiPages.filter((file) => /\.ClientNetworkError\.html$/.test(file))).toEqual([page]);
    expect(apiPages).toContain(`${API_DIR}/types/_messaging-contracts_im-v1-types.MessageStatus.html`);
    for (const client of ['gateway-v1-client', 'sms-v2-client', 'im-v1-client', 'campaign-manager-v1-client']) {
      const module = readFileSync(join(dist, API_DIR, `modules/_messaging-contracts_${client}.html`), 'utf8');
      expect(module, client).toContain('href="../classes/_messaging-contracts_client-core.ClientNetworkError.html"');
    }
  });

  it("has a search index that finds the packages' declarations", () => {
    // TypeDoc leaves "external" declarations out of search; its default pattern once took them all for
    // external (the generator's entry files sit under node_modules/.cache).
    const data = /window\.searchData = "([^"]+)"/.exec(readFileSync(join(dist, API_DIR, 'assets/search.js'), 'utf8'))?.[1] ?? '';
    const rows: { name: string }[] = JSON.parse(inflateSync(Buffer.from(data, 'base64')).toString('utf8')).rows;
    for (const name of ['withValidation', 'createCallbackRouter', 'startSandbox']) expect(rows.some((row) => row.name === name), name).toBe(true);
  });

  it('has pages whose links and loaded files all resolve inside the site', () => {
    const broken: string[] = [];
    for (const page of apiPages) {
      const html = readFileSync(join(dist, page), 'utf8');
      for (const file of filesLoadedBy(page, html)) if (!existsSync(join(dist, file))) broken.push(`${page} loads ${file}`);
      for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"#]+)(?:#[^"]*)?"/g)) {
        if (/^[a-z]+:/i.test(href!)) continue;
        const target = posix.normalize(posix.join(posix.dirname(page), href!));
        if (!existsSync(join(dist, target))) broken.push(`${page} links ${href}`);
      }
    }
    expect(apiPages.length).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});

/**
 * What a reader without scripts (a search engine, curl) reads on a page: its text with every script
 * and style element left out, tags removed and entities decoded, whitespace collapsed.
 */
function textWithoutScripts(html: string) {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&' })[name] ?? '')
    .replace(/\s+/g, ' ');
}

describe('versions', () => {
  const older = `${VERSIONS_DIR}/${TEST_VERSION}/`;
  const read = (page: string) => readFileSync(join(dist, page), 'utf8');

  it("keeps each older release's references, bundles and changelogs under its version, for the interfaces it had", () => {
    expect(readdirSync(join(dist, older)).filter((file) => !/\.(br|gz)$/.test(file)).sort()).toEqual(
      [`${TEST_INTERFACE}.html`, `${TEST_INTERFACE}.json`, `changelog-${TEST_INTERFACE}.html`].sort(),
    );
    expect(pages).toEqual(expect.arrayContaining([`${older}${TEST_INTERFACE}.html`, `${older}changelog-${TEST_INTERFACE}.html`]));
    const json = JSON.parse(read(`${older}${TEST_INTERFACE}.json`));
    expect(json).toEqual(testRelease().bundles.get(TEST_INTERFACE));
    // Its reference is that release's contract, read before any script runs.
    expect(read(`${older}${TEST_INTERFACE}.html`)).not.toContain(`id="operation/${readBundle(bundles.find((b) => b.id === TEST_INTERFACE)!.jsonPath).paths[TEST_REMOVED_PATH].get.operationId}"`);
    expect(read(`${TEST_INTERFACE}.html`)).toContain(`id="operation/${readBundle(bundles.find((b) => b.id === TEST_INTERFACE)!.jsonPath).paths[TEST_REMOVED_PATH].get.operationId}"`);
    const changelog = textWithoutScripts(read(`${older}changelog-${TEST_INTERFACE}.html`));
    expect(changelog).toContain(TEST_CHANGELOG_ENTRY);
    expect(changelog).toContain('Pending changes (not released yet) None.');
  });

  it('has a version switcher on every reference and changelog page, the default version first', () => {
    for (const { id } of bundles) {
      for (const page of [`${id}.html`, `changelog-${id}.html`]) {
        const nav = /<nav class="versions"[\s\S]*?<\/nav>/.exec(read(page))?.[0] ?? '';
        // Named as the package's release, apart from the interface's own version in the page title.
        expect(nav, page).toContain('Release of @messaging-contracts/openapi: ');
        expect(nav, page).toContain(`<a href="./${page}" aria-current="page">unreleased, after ${TEST_VERSION}</a>`);
        expect(nav.includes(`href="./${older}${page}"`), page).toBe(id === TEST_INTERFACE);
        expect(nav, page).toContain(`href="./changes-${id}.html"`);
      }
    }
    const nav = /<nav class="versions"[\s\S]*?<\/nav>/.exec(read(`${older}${TEST_INTERFACE}.html`))?.[0] ?? '';
    expect(nav).toContain(`<a href="../../${TEST_INTERFACE}.html">`);
    expect(nav).toContain(`<a href="../../${older}${TEST_INTERFACE}.html" aria-current="page">${TEST_VERSION}</a>`);
  });

  it("says per interface what changed between two versions, from spec-diff's classification", () => {
    const changes = textWithoutScripts(read(`changes-${TEST_INTERFACE}.html`));
    expect(changes).toContain(`unreleased, after ${TEST_VERSION} since ${TEST_VERSION}`);
    expect(changes).toMatch(new RegExp(`Addition \\(minor\\) [^<]*${TEST_REMOVED_PATH.replace(/[./]/g, '\\$&')}`));
    expect(changes).toContain(`${TEST_VERSION} The first version of the site`);
    expect(textWithoutScripts(read('changes-gateway-v1.html'))).toContain('The interface first appears in this version');
  });

  it('has pages whose links and loaded files all resolve inside the site', () => {
    const broken: string[] = [];
    for (const page of pages.filter((p) => p.startsWith(older) || p.startsWith('changes-'))) {
      const html = read(page);
      for (const file of filesLoadedBy(page, html)) if (!existsSync(join(dist, file))) broken.push(`${page} loads ${file}`);
      for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"#]+)(?:#[^"]*)?"/g)) {
        // Redoc's credit link leaves the site; every other link stays in it.
        if (!/^https:\/\/redocly\.com\//.test(href!) && !existsSync(join(dist, posix.normalize(posix.join(posix.dirname(page), href!))))) broken.push(`${page} links ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("the sandbox's control API reference", () => {
  const html = readFileSync(join(dist, CONTROL_API_PAGE), 'utf8');

  it("is the document the sandbox package ships, said to be the sandbox's own API, linked from the landing page and the sandbox guide", () => {
    expect(readFileSync(join(dist, `${CONTROL_API_ID}.json`)).equals(readFileSync(controlApiFile()!))).toBe(true);
    expect(html).toContain(`<span class="note">${CONTROL_API_NOTE.replace(/'/g, '&#39;')}</span>`);
    expect(html).toMatch(/<title>Messaging sandbox control API [^<]*<\/title>/);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain(`href="./${CONTROL_API_PAGE}"`);
    expect(readFileSync(join(dist, 'sandbox.html'), 'utf8')).toContain(`href="./${CONTROL_API_PAGE}"`);
    expect(loadedFiles(html)).toEqual([renderer]);
  });
});

// Issue: the references were rendered by JavaScript alone, so a reader without scripts saw nothing.
// The sandbox's control API reference is rendered the same way and held to the same.
describe.each([
  ...bundles.map((bundle) => [bundle.id, readBundle(bundle.jsonPath)] as const),
  [CONTROL_API_ID, readBundle(controlApiFile()!)] as const,
])('%s reference before any script runs', (id, doc) => {
  const text = textWithoutScripts(readFileSync(join(dist, `${id}.html`), 'utf8'));
  const operations = [...listOperations(doc).map((op) => doc.paths[op.path][op.method]), ...listCallbacks(doc).map((hook) => hook.operation)];

  it('shows every operation and callback summary', () => {
    expect(operations.length).toBeGreaterThan(0);
    const missing = operations.map((op) => String(op.summary)).filter((summary) => !text.includes(summary));
    expect(missing).toEqual([]);
  });

  it("shows every operation's parameters and the properties of its request and response schemas", () => {
    const names = new Set<string>();
    const addProperties = (schema: any, depth: number) => {
      const resolved = deref(doc, schema);
      if (!resolved || depth > 2) return;
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        names.add(name);
        addProperties(property, depth + 1);
      }
      for (const part of [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])]) addProperties(part, depth);
      if (resolved.items) addProperties(resolved.items, depth);
    };
    for (const op of operations) {
      for (const parameter of op.parameters ?? []) names.add(deref(doc, parameter).name);
      for (const media of Object.values(deref(doc, op.requestBody)?.content ?? {})) addProperties((media as any).schema, 0);
      for (const response of Object.values(op.responses ?? {})) {
        for (const media of Object.values(deref(doc, response)?.content ?? {})) addProperties((media as any).schema, 0);
      }
    }
    expect(names.size).toBeGreaterThan(0);
    expect([...names].filter((name) => !text.includes(name))).toEqual([]);
  });
});

describe('textWithoutScripts', () => {
  it('does not read what is only in a script: the test above would fail on a page rendered by scripts alone', () => {
    const page = '<main id="redoc"><p class="loading">Loading…</p></main><script type="application/json">{"summary":"Send a message"}</script>';
    expect(textWithoutScripts(page)).not.toContain('Send a message');
    expect(textWithoutScripts('<h2>Send &amp; track</h2>')).toContain('Send & track');
  });
});

describe('patchRenderer', () => {
  const require = createRequire(import.meta.url);
  const original = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');

  it("removes the pinned Redoc's only CDN request (its sidebar logo) and the source map comment", () => {
    // Booleans, not toContain: a failure would otherwise print the whole 1 MB script.
    const patched = patchRenderer(original);
    expect(original.includes('https://cdn.redoc.ly/redoc/logo-mini.svg')).toBe(true);
    expect(patched.includes('cdn.redoc.ly')).toBe(false);
    expect(/sourceMappingURL=[\w.-]+\.map/.test(patched)).toBe(false);
    expect(patched.includes('API docs by Redocly')).toBe(true);
  });

  it('fails the build when an upgraded Redoc renders the logo differently', () => {
    expect(() => patchRenderer(original.replace('alt:"redocly logo"', 'alt:"logo"'))).toThrow(/found it 0 times/);
  });
});
