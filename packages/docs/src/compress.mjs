// @ts-check
// Precompressed copies of every text file of the site (`<file>.br`, `<file>.gz`), written once at
// build time with the strongest settings, so the server never compresses per request and the page
// weight report shows what a browser really transfers.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
 * Writes `.br` and `.gz` beside every compressible file of dist (not recursive: the site is flat).
 * @param {string} dist
 * @returns {string[]} the files compressed
 */
export function precompress(dist) {
  const files = readdirSync(dist).filter((file) => COMPRESSIBLE.has(extname(file)));
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    writeFileSync(join(dist, `${file}.br`), brotli(content));
    writeFileSync(join(dist, `${file}.gz`), gzip(content));
  }
  return files;
}
