import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBundles } from './bundles.mjs';
import { buildSite, patchRenderer } from './build.mjs';
import { rendererFileName } from './render.mjs';
import { furtherView, loadedFiles, TARGETS } from './weights.mjs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const dist = mkdtempSync(join(tmpdir(), 'docs-build-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const { interfaces, weight, renderer, pages } = buildSite(dist);
const bundles = findBundles();

describe('buildSite', () => {
  it('writes a landing page, a reference and a changelog per bundle, both bundles of each, the renderer once, and .br and .gz of each', () => {
    const files = [
      'index.html',
      renderer,
      'redoc.standalone.js.LICENSE.txt',
      ...bundles.flatMap(({ id }) => [`${id}.html`, `changelog-${id}.html`, `${id}.json`, `${id}.yaml`]),
      ...(pages.includes('sandbox.html') ? ['sandbox.html'] : []),
    ];
    expect(readdirSync(dist).sort()).toEqual(files.flatMap((file) => [file, `${file}.br`, `${file}.gz`]).sort());
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
    expect(weight.shared.map((item) => item.file)).toEqual([renderer]);
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
