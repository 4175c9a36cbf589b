import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHED_FROM_BYTES, precompress } from './compress.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'docs-compress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A site with one large file (cached) and one small one (not), and an empty cache. */
function site(name: string) {
  const dist = join(scratch, name, 'dist');
  const cache = join(scratch, name, 'cache');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'large.js'), Array.from({ length: CACHED_FROM_BYTES / 8 }, (_, i) => `f(${i});\n`).join(''));
  writeFileSync(join(dist, 'small.html'), '<!doctype html><p>small</p>');
  return { dist, cache };
}

function expectCopiesDecompress(dist: string) {
  for (const file of ['large.js', 'small.html']) {
    const content = readFileSync(join(dist, file));
    expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(content), file).toBe(true);
    expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(content), file).toBe(true);
  }
}

describe('precompress', () => {
  it('keeps the compressed copies of a large file by content, and reuses them on the next build', () => {
    const { dist, cache } = site('reuse');
    precompress(dist, { cache });
    expectCopiesDecompress(dist);
    const entries = readdirSync(cache).sort();
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => entry.replace(/^[0-9a-f]{64}\./, ''))).toEqual(['br-max-text', 'gzip-9']);
    // Another valid brotli copy of the same content (a faster quality, so other bytes) put in the
    // cache is what the next build writes: it was read, not compressed again.
    const [br] = entries.filter((entry) => entry.endsWith('br-max-text'));
    const marked = brotliCompressSync(readFileSync(join(dist, 'large.js')), { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(marked.equals(readFileSync(join(cache, br!)))).toBe(false);
    writeFileSync(join(cache, br!), marked);
    precompress(dist, { cache });
    expect(readFileSync(join(dist, 'large.js.br')).equals(marked)).toBe(true);
  });

  it('compresses again, and replaces the entry, when a cached copy does not decompress to the content', () => {
    const { dist, cache } = site('corrupt');
    precompress(dist, { cache });
    for (const entry of readdirSync(cache)) writeFileSync(join(cache, entry), 'not compressed');
    precompress(dist, { cache });
    expectCopiesDecompress(dist);
    for (const entry of readdirSync(cache)) expect(readFileSync(join(cache, entry), 'utf8')).not.toBe('not compressed');
  });

  it('compresses again when the content changed', () => {
    const { dist, cache } = site('changed');
    precompress(dist, { cache });
    writeFileSync(join(dist, 'large.js'), `${readFileSync(join(dist, 'large.js'), 'utf8')}g();\n`);
    precompress(dist, { cache });
    expectCopiesDecompress(dist);
    expect(readdirSync(cache)).toHaveLength(4);
  });
});
