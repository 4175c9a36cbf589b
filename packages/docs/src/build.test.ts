import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBundles } from './bundles.mjs';
import { buildSite, patchRenderer } from './build.mjs';
import { loadedFiles } from './weights.mjs';

const dist = mkdtempSync(join(tmpdir(), 'docs-build-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const { interfaces, weight } = buildSite(dist);
const bundles = findBundles();

describe('buildSite', () => {
  it('writes a landing page, one reference per bundle, both bundles of each, and the renderer once', () => {
    expect(readdirSync(dist).sort()).toEqual(
      [
        'index.html',
        'redoc.standalone.js',
        'redoc.standalone.js.LICENSE.txt',
        ...bundles.flatMap(({ id }) => [`${id}.html`, `${id}.json`, `${id}.yaml`]),
      ].sort(),
    );
    expect(interfaces.map((api) => api.id)).toEqual(bundles.map((bundle) => bundle.id));
  });

  it.each(bundles.map((bundle) => [bundle.id, bundle] as const))('%s: publishes the bundles byte for byte', (id, bundle) => {
    expect(readFileSync(join(dist, `${id}.json`)).equals(readFileSync(bundle.jsonPath))).toBe(true);
    expect(readFileSync(join(dist, `${id}.yaml`)).equals(readFileSync(bundle.yamlPath))).toBe(true);
  });

  it('has every reference page load the same single script, from the site', () => {
    for (const { id } of bundles) {
      expect(loadedFiles(readFileSync(join(dist, `${id}.html`), 'utf8'))).toEqual(['redoc.standalone.js']);
    }
    expect(weight.shared.map((item) => item.file)).toEqual(['redoc.standalone.js']);
  });

  it('reports a weight for every page, the landing page first', () => {
    expect(weight.pages.map((page) => page.page)).toEqual(['index.html', ...bundles.map(({ id }) => `${id}.html`)]);
    for (const page of weight.pages.slice(1)) expect(page.bytes).toBe(page.html.bytes + (weight.shared[0]?.bytes ?? 0));
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
