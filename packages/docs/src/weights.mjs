// @ts-check
// Page weight: what a browser transfers to show a page, the HTML plus every file the HTML loads,
// compressed as the docs server sends it (the build's precompressed `.br` and `.gz`). Files loaded by
// several pages (the renderer) are counted on a reader's first page view and cached after that, so a
// further page costs its own files only.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotli, gzip } from './compress.mjs';
import { HASHED_FILE } from './render.mjs';

/**
 * @typedef {{ file: string, bytes: number, br: number, gzip: number }} Sized
 * @typedef {'bytes' | 'br' | 'gzip'} Measure
 * @typedef {{ page: string, html: Sized, assets: Sized[], bytes: number, br: number, gzip: number }} PageWeight
 * @typedef {{ pages: PageWeight[], shared: Sized[], site: { bytes: number, br: number, gzip: number } }} SiteWeight
 */

/** Targets of issue 15, brotli bytes: a first page view with the renderer, and each further page. */
export const TARGETS = { firstView: 300_000, furtherPage: 30_000 };

/**
 * Site-relative files a page loads: classic and module scripts, stylesheets, images, icons. Links a
 * reader may follow (<a href>) are not loaded and do not count; data: URLs cost nothing extra.
 * @param {string} html
 * @returns {string[]}
 */
export function loadedFiles(html) {
  const found = new Set();
  // <use href> is an SVG sprite's file (TypeDoc's icons), fetched like an image.
  for (const [tag] of html.matchAll(/<(script|link|img|source|use)\b[^>]*>/gi)) {
    const isLink = /^<link/i.test(tag);
    if (isLink && !/\brel=["']?(stylesheet|icon|preload|modulepreload)\b/i.test(tag)) continue;
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (!url || /^(data|blob):/.test(url)) continue;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) {
      throw new Error(`a page loads ${url} from outside the site; everything must be served from the site`);
    }
    if (url.startsWith('#')) continue; // a symbol of the page itself
    found.add(url.replace(/^\.\//, '').replace(/[?#].*$/, ''));
  }
  return [...found];
}

/**
 * The site-relative paths of the files a page loads (loadedFiles, resolved against the page's own
 * folder: the API reference's pages are in folders).
 * @param {string} page site-relative, with forward slashes
 * @param {string} html
 */
export function filesLoadedBy(page, html) {
  return loadedFiles(html).map((file) => posix.normalize(posix.join(posix.dirname(page), file)));
}

/**
 * A file's size raw and compressed: the precompressed copies when the build wrote them.
 * @param {string} dir
 * @param {string} file
 * @returns {Sized}
 */
function size(dir, file) {
  const content = readFileSync(join(dir, file));
  const compressed = (/** @type {string} */ suffix, /** @type {(b: Buffer) => Buffer} */ compress) =>
    existsSync(join(dir, file + suffix)) ? readFileSync(join(dir, file + suffix)).length : compress(content).length;
  return { file, bytes: content.length, br: compressed('.br', brotli), gzip: compressed('.gz', gzip) };
}

/** @param {Sized[]} items @param {Measure} key */
function total(items, key) {
  return items.reduce((sum, item) => sum + item[key], 0);
}

/**
 * @param {string} dist the built site
 * @param {string[]} [htmlFiles] the pages, in the order to report them; by default every .html file
 * @returns {SiteWeight}
 */
export function measureSite(dist, htmlFiles = readdirSync(dist).filter((file) => file.endsWith('.html')).sort()) {
  /** @type {Map<string, number>} */
  const uses = new Map();
  const pages = htmlFiles.map((page) => {
    const html = size(dist, page);
    const assets = filesLoadedBy(page, readFileSync(join(dist, page), 'utf8')).map((file) => size(dist, file));
    for (const asset of assets) uses.set(asset.file, (uses.get(asset.file) ?? 0) + 1);
    const all = [html, ...assets];
    return { page, html, assets, bytes: total(all, 'bytes'), br: total(all, 'br'), gzip: total(all, 'gzip') };
  });
  /** @type {Map<string, Sized>} */
  const distinct = new Map();
  for (const { html, assets } of pages) for (const item of [html, ...assets]) distinct.set(item.file, item);
  const shared = [...distinct.values()].filter((item) => (uses.get(item.file) ?? 0) > 1);
  const items = [...distinct.values()];
  return { pages, shared, site: { bytes: total(items, 'bytes'), br: total(items, 'br'), gzip: total(items, 'gzip') } };
}

/**
 * A page's transfer once the shared files are in the browser's cache.
 * @param {PageWeight} page
 * @param {Sized[]} shared
 * @param {Measure} key
 */
export function furtherView(page, shared, key) {
  const names = new Set(shared.map((item) => item.file));
  return page[key] - total(page.assets.filter((asset) => names.has(asset.file)), key);
}

/** @param {number} bytes */
function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/**
 * The report the build prints: brotli (what the server sends a browser), gzip beside it.
 * @param {SiteWeight} weight
 * @returns {string}
 */
export function formatWeights({ pages, shared, site }) {
  const header = ['page', 'html', 'first view br', 'first view gzip', 'further view br', 'further view gzip', 'loads'];
  // The API reference has a page per declaration: its heaviest page stands for them all.
  const grouped = (/** @type {PageWeight} */ page) => /^api\//.test(page.page);
  const heaviestApi = pages.filter(grouped).sort((a, b) => b.br - a.br)[0];
  const listed = pages.filter((page) => !grouped(page));
  if (heaviestApi) listed.push({ ...heaviestApi, page: `${heaviestApi.page} (heaviest of ${pages.filter(grouped).length} api/ pages)` });
  const rows = listed.map((page) => [
    page.page,
    kB(page.html.bytes),
    kB(page.br),
    kB(page.gzip),
    kB(furtherView(page, shared, 'br')),
    kB(furtherView(page, shared, 'gzip')),
    page.assets.map((asset) => asset.file).join(', ') || '-',
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => String(row[column]).length)));
  const line = (/** @type {string[]} */ row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const firstView = Math.max(...pages.map((page) => page.br));
  const further = Math.max(...pages.map((page) => furtherView(page, shared, 'br')));
  const verdict = (/** @type {number} */ value, /** @type {number} */ target) => `${kB(value)} (target ${kB(target)}: ${value <= target ? 'met' : 'MISSED'})`;
  return [
    'Page weight, compressed as the docs server sends it (brotli; gzip for clients without brotli). "First view": the page and',
    'everything it loads, with an empty cache; "further view": the page once the shared, immutable files are cached.',
    line(header),
    ...rows.map(line),
    ...shared.map(
      (item) =>
        `Shared: ${item.file} ${kB(item.bytes)} raw, ${kB(item.br)} br, ${kB(item.gzip)} gzip; ${HASHED_FILE.test(item.file) ? 'cached for a year (content-hashed name)' : 'revalidated on later pages (an unchanged file answers 304, no body)'}.`,
    ),
    `Heaviest first view: ${verdict(firstView, TARGETS.firstView)}. Heaviest further view: ${verdict(further, TARGETS.furtherPage)}.`,
    `Whole site, every page with shared files counted once: ${kB(site.bytes)} raw, ${kB(site.br)} br, ${kB(site.gzip)} gzip.`,
  ].join('\n');
}
