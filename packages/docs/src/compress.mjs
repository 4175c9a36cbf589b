// @ts-check
// Precompressed copies of every text file of the site (`<file>.br`, `<file>.gz`), written once at
// build time with the strongest settings, so the server never compresses per request and the page
// weight report shows what a browser really transfers.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { writeWhole } from './write-whole.mjs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/** Extensions worth compressing; images and archives are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.json', '.yaml', '.txt', '.css', '.svg', '.md']);

/** The encodings the site is precompressed in, best first, with each file's suffix. */
export const ENCODINGS = /** @type {const} */ ([
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
]);

/** @param {Buffer} content */
export function brotli(content) {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** @param {Buffer} content */
export function gzip(content) {
  return gzipSync(content, { level: 9 });
}

/**
 * Compressed copies of large files, kept by content: the renderer (1 MB, unchanged until Redoc is
 * upgraded) took nearly all of a build's time at brotli's maximum quality, on every build and in every
 * test that builds the site. Git-ignored with node_modules; deleting it only costs time.
 */
export const CACHE = fileURLToPath(new URL('../node_modules/.cache/precompressed/', import.meta.url));

/** Files smaller than this compress in milliseconds and are not cached. */
export const CACHED_FROM_BYTES = 64 * 1024;

/** Each encoding with its settings' name (part of the cache key) and its inverse. */
const CODECS = {
  br: { settings: 'br-max-text', compress: brotli, decompress: brotliDecompressSync },
  gzip: { settings: 'gzip-9', compress: gzip, decompress: gunzipSync },
};

/**
 * The content compressed, from the cache when it holds a copy that decompresses to the content
 * itself (a corrupt or truncated entry is compressed again and replaced).
 * @param {Buffer} content
 * @param {keyof typeof CODECS} encoding
 * @param {string | undefined} cache
 */
function compressed(content, encoding, cache) {
  const codec = CODECS[encoding];
  if (!cache || content.length < CACHED_FROM_BYTES) return codec.compress(content);
  const entry = join(cache, `${createHash('sha256').update(content).digest('hex')}.${codec.settings}`);
  try {
    const kept = readFileSync(entry);
    if (codec.decompress(kept).equals(content)) return kept;
  } catch {
    // No entry yet, or one that does not decompress: compress again.
  }
  const fresh = codec.compress(content);
  // Written whole (a rename), so a build running beside this one (two test files) never reads half an entry.
  mkdirSync(cache, { recursive: true });
  writeWhole(entry, fresh);
  return fresh;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of dist, in its folders too (the API
 * reference is in api/).
 * @param {string} dist
 * @param {{ cache?: string }} [options] where large files' compressed copies are kept: CACHE unless
 *   given, none when ''
 * @returns {string[]} the files compressed
 */
export function precompress(dist, { cache = CACHE } = {}) {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => COMPRESSIBLE.has(extname(file)));
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    writeWhole(join(dist, `${file}.br`), compressed(content, 'br', cache));
    writeWhole(join(dist, `${file}.gz`), compressed(content, 'gzip', cache));
  }
  return files;
}
