// @ts-check
// A static file server for the built site, bound to 127.0.0.1. `pnpm docs` uses it, and so do the
// browser tests, so what the tests load is what a reader gets.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { ENCODINGS } from './compress.mjs';
import { HASHED_FILE } from './render.mjs';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  // text/ so a browser shows the YAML bundle instead of only offering to save it.
  '.yaml': 'text/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * The file a URL path names inside root, or undefined when it names nothing there (including any
 * attempt to leave root with `..` or an encoded separator).
 * @param {string} root absolute
 * @param {string} urlPath
 * @returns {string | undefined}
 */
export function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/)[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = resolve(root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (candidate !== root && !candidate.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    const stat = statSync(candidate);
    if (stat.isDirectory()) {
      const index = join(candidate, 'index.html');
      return statSync(index).isFile() ? index : undefined;
    }
    return stat.isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The encodings a request accepts, from its Accept-Encoding header: names with a q above 0
 * (`*` stands for any). RFC 9110 section 12.5.3.
 * @param {string | undefined} header
 * @returns {(name: string) => boolean}
 */
export function acceptsEncoding(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  return (name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
}

/**
 * The file to send for a request: the precompressed variant the client accepts (brotli first, then
 * gzip) when the build wrote one, else the file itself.
 * @param {string} file
 * @param {string | undefined} acceptEncoding
 * @returns {{ path: string, encoding: string | undefined, size: number, mtimeMs: number, mtime: Date, variants: boolean }}
 */
function chooseVariant(file, acceptEncoding) {
  const accepts = acceptsEncoding(acceptEncoding);
  /** @param {string} path */
  const stat = (path) => {
    try {
      const found = statSync(path);
      return found.isFile() ? found : undefined;
    } catch {
      return undefined;
    }
  };
  const variants = ENCODINGS.map((encoding) => ({ ...encoding, stat: stat(file + encoding.suffix) })).filter((variant) => variant.stat);
  const chosen = variants.find((variant) => accepts(variant.name));
  const own = /** @type {import('node:fs').Stats} */ (chosen?.stat ?? statSync(file));
  return { path: chosen ? file + chosen.suffix : file, encoding: chosen?.name, size: own.size, mtimeMs: own.mtimeMs, mtime: own.mtime, variants: variants.length > 0 };
}

/** A year: what a content-hashed file (a new content is a new name) may be cached for. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @param {{ root: string, port?: number, host?: string }} options port 0 picks a free port
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export function startServer({ root, port = 0, host = '127.0.0.1' }) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const file = resolveFile(base, request.url ?? '/');
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const variant = chooseVariant(file, request.headers['accept-encoding']);
    // Each encoding is its own representation, so its own validator.
    const etag = `"${variant.size.toString(16)}-${Math.floor(variant.mtimeMs).toString(16)}${variant.encoding ? `-${variant.encoding}` : ''}"`;
    /** @type {Record<string, string>} */
    const headers = {
      etag,
      'last-modified': variant.mtime.toUTCString(),
      // A content-hashed file (the shared renderer) never changes under its name: cached for a year,
      // not even revalidated. Everything else is revalidated on every load, so a rebuilt site shows
      // at once and an unchanged file costs a 304.
      'cache-control': HASHED_FILE.test(file) ? IMMUTABLE : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    // Caches must key on Accept-Encoding wherever the answer depends on it.
    if (variant.variants) headers.vary = 'Accept-Encoding';
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...(variant.encoding ? { 'content-encoding': variant.encoding } : {}),
      'content-length': String(variant.size),
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(variant.path).pipe(response);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('the server has no TCP address'));
        return;
      }
      resolvePromise({
        url: `http://${host}:${address.port}/`,
        port: address.port,
        close: () =>
          new Promise((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive connections from a browser would otherwise hold close() open.
            server.closeAllConnections();
          }),
      });
    });
  });
}
