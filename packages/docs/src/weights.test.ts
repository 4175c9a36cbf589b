import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesLoadedBy, formatWeights, furtherView, loadedFiles, measureSite } from './weights.mjs';

describe('loadedFiles', () => {
  it.each([
    ['a relative script', '<script src="./redoc.standalone.js"></script>', ['redoc.standalone.js']],
    ['a stylesheet, not a link a reader follows', '<link rel="stylesheet" href="site.css"><a href="other.html">x</a>', ['site.css']],
    ['inline scripts and data: icons cost nothing extra', '<script>1</script><link rel="icon" href="data:,">', []],
    ['the same file twice is one transfer', '<script src="a.js"></script><script src="./a.js?v=1"></script>', ['a.js']],
    ['images', '<img src="logo.svg" alt="">', ['logo.svg']],
    ["an SVG sprite's file (TypeDoc's icons), not a symbol of the page", '<svg><use href="icons.svg#icon-a"></use><use href="#local"></use></svg>', ['icons.svg']],
  ])('%s', (_title, html, want) => {
    expect(loadedFiles(html)).toEqual(want);
  });

  it('resolves what a page in a folder loads against that folder (filesLoadedBy)', () => {
    expect(filesLoadedBy('api/modules/a.html', '<link rel="stylesheet" href="../assets/style.css"><script src="../assets/main.js"></script>')).toEqual([
      'api/assets/style.css',
      'api/assets/main.js',
    ]);
    expect(filesLoadedBy('index.html', '<script src="./a.js"></script>')).toEqual(['a.js']);
  });

  it.each([['https://cdn.example.com/x.js'], ['//cdn.example.com/x.js']])('refuses a page that loads %s from another host', (url) => {
    expect(() => loadedFiles(`<script src="${url}"></script>`)).toThrow(/outside the site/);
  });
});

describe('measureSite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-weights-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'shared.js'), 'x'.repeat(1000));
  writeFileSync(join(dir, 'index.html'), '<p>landing</p>');
  writeFileSync(join(dir, 'a.html'), '<script src="./shared.js"></script>');
  writeFileSync(join(dir, 'b.html'), '<script src="./shared.js"></script><!-- b -->');

  const weight = measureSite(dir, ['index.html', 'a.html', 'b.html']);

  it('counts, for each page, its HTML plus what it loads', () => {
    const [landing, a, b] = weight.pages;
    expect(landing).toMatchObject({ page: 'index.html', bytes: 14, assets: [] });
    expect(a).toMatchObject({ page: 'a.html', bytes: 35 + 1000 });
    expect(b).toMatchObject({ page: 'b.html', bytes: 45 + 1000 });
    expect(a?.gzip).toBeLessThan(a?.bytes ?? 0);
    expect(a?.br).toBeLessThan(a?.bytes ?? 0);
  });

  it('reads the precompressed copies the build wrote, and counts a further view without the shared file', () => {
    writeFileSync(join(dir, 'c.html'), '<script src="./shared.js"></script>');
    writeFileSync(join(dir, 'c.html.br'), 'x'.repeat(7));
    writeFileSync(join(dir, 'c.html.gz'), 'x'.repeat(9));
    const site = measureSite(dir, ['a.html', 'c.html']);
    const c = site.pages[1]!;
    expect(c.html).toMatchObject({ br: 7, gzip: 9 });
    expect(furtherView(c, site.shared, 'br')).toBe(7);
    expect(c.br).toBe(7 + site.shared[0]!.br);
  });

  it('reports a file loaded by several pages as shared, and counts it once for the site', () => {
    expect(weight.shared.map((item) => item.file)).toEqual(['shared.js']);
    expect(weight.site.bytes).toBe(14 + 35 + 45 + 1000);
  });

  it('prints one line per page, the shared file once, and whether the targets are met', () => {
    const text = formatWeights(weight);
    expect(text.split('\n').filter((line) => /^(index|a|b)\.html /.test(line))).toHaveLength(3);
    expect(text.match(/^Shared: shared\.js 1\.0 kB raw/m)).not.toBeNull();
    expect(text).toMatch(/Heaviest first view: [\d.]+ kB \(target 300\.0 kB: met\)/);
    expect(text).toContain('Whole site, every page with shared files counted once: 1.1 kB raw');
  });

  it('says MISSED when a page is over its target', () => {
    const heavy = { ...weight, pages: weight.pages.map((page) => ({ ...page, br: 400_000 })) };
    expect(formatWeights(heavy)).toMatch(/Heaviest first view: 400\.0 kB \(target 300\.0 kB: MISSED\)/);
  });
});
