// @ts-check
// Page weight: what a browser transfers to show a page, the HTML plus every file the HTML loads.
// Files loaded by several pages (the renderer) are listed per page but counted once for the site.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ file: string, bytes: number, gzip: number }} Sized
 * @typedef {{ page: string, html: Sized, assets: Sized[], bytes: number, gzip: number }} PageWeight
 * @typedef {{ pages: PageWeight[], shared: Sized[], site: { bytes: number, gzip: number } }} SiteWeight
 */

/**
 * Site-relative files a page loads: classic and module scripts, stylesheets, images, icons. Links a
 * reader may follow (<a href>) are not loaded and do not count; data: URLs cost nothing extra.
 * @param {string} html
 * @returns {string[]}
 */
export function loadedFiles(html) {
  const found = new Set();
  for (const [tag] of html.matchAll(/<(script|link|img|source)\b[^>]*>/gi)) {
    const isLink = /^<link/i.test(tag);
    if (isLink && !/\brel=["']?(stylesheet|icon|preload|modulepreload)\b/i.test(tag)) continue;
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (!url || /^(data|blob):/.test(url)) continue;
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) {
      throw new Error(`a page loads ${url} from outside the site; everything must be served from the site`);
    }
    found.add(url.replace(/^\.\//, '').replace(/[?#].*$/, ''));
  }
  return [...found];
}

/**
 * @param {string} dir
 * @param {string} file
 * @returns {Sized}
 */
function size(dir, file) {
  const content = readFileSync(join(dir, file));
  return { file, bytes: content.length, gzip: gzipSync(content).length };
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
    const assets = loadedFiles(readFileSync(join(dist, page), 'utf8')).map((file) => size(dist, file));
    for (const asset of assets) uses.set(asset.file, (uses.get(asset.file) ?? 0) + 1);
    const sum = (/** @type {'bytes' | 'gzip'} */ key) => html[key] + assets.reduce((total, asset) => total + asset[key], 0);
    return { page, html, assets, bytes: sum('bytes'), gzip: sum('gzip') };
  });
  /** @type {Map<string, Sized>} */
  const distinct = new Map();
  for (const { html, assets } of pages) for (const item of [html, ...assets]) distinct.set(item.file, item);
  const shared = [...distinct.values()].filter((item) => (uses.get(item.file) ?? 0) > 1);
  const site = [...distinct.values()].reduce(
    (total, item) => ({ bytes: total.bytes + item.bytes, gzip: total.gzip + item.gzip }),
    { bytes: 0, gzip: 0 },
  );
  return { pages, shared, site };
}

/** @param {number} bytes */
function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/**
 * The report the build prints.
 * @param {SiteWeight} weight
 * @returns {string}
 */
export function formatWeights({ pages, shared, site }) {
  const sharedNames = new Set(shared.map((item) => item.file));
  const own = (/** @type {PageWeight} */ page, /** @type {'bytes' | 'gzip'} */ key) =>
    page[key] - page.assets.filter((asset) => sharedNames.has(asset.file)).reduce((total, asset) => total + asset[key], 0);
  const header = ['page', 'html', 'html gzip', 'loads', 'total', 'total gzip', 'without shared', 'w/o shared gzip'];
  const rows = pages.map((page) => [
    page.page,
    kB(page.html.bytes),
    kB(page.html.gzip),
    page.assets.map((asset) => (sharedNames.has(asset.file) ? `${asset.file} (shared)` : asset.file)).join(', ') || '-',
    kB(page.bytes),
    kB(page.gzip),
    kB(own(page, 'bytes')),
    kB(own(page, 'gzip')),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => String(row[column]).length)));
  const line = (/** @type {string[]} */ row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const lines = ['Page weight (HTML plus what it loads; gzip as a static host would send it):', line(header), ...rows.map(line)];
  for (const item of shared) {
    lines.push(
      `Shared: ${item.file} ${kB(item.bytes)} (${kB(item.gzip)} gzip), fetched once and cached across ${
        pages.filter((page) => page.assets.some((asset) => asset.file === item.file)).length
      } pages; the "total" column includes it, "without shared" does not.`,
    );
  }
  lines.push(`Whole site, every page with shared files counted once: ${kB(site.bytes)} (${kB(site.gzip)} gzip).`);
  return lines.join('\n');
}
