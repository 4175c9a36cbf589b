// @ts-check
// A static file server for the built site, bound to 127.0.0.1. `pnpm docs` uses it, and so do the
// browser tests, so what the tests load is what a reader gets.
import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
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

// RFC 9110 section 12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ).
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The weights of an Accept-Encoding header (RFC 9110 section 12.5.3), by lower-case coding name.
 * An entry whose q is not a qvalue (`q=abc`, `q=2`) is this server's documented choice: ignored,
 * as if the client had not listed it.
 * @param {string | undefined} header
 * @returns {Map<string, number>}
 */
export function encodingWeights(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    let malformed = false;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(\S*)\s*$/.exec(param);
      if (!match) continue;
      if (QVALUE.test(/** @type {string} */ (match[1]))) q = Number(match[1]);
      else malformed = true;
    }
    if (!malformed) weights.set(name.trim(), q);
  }
  return weights;
}

/**
 * The encodings a request accepts, from its Accept-Encoding header: names with a q above 0
 * (`*` stands for any unlisted one; `q=0` means not acceptable).
 * @param {string | undefined} header
 * @returns {(name: string) => boolean}
 */
export function acceptsEncoding(header) {
  const weights = encodingWeights(header);
  return (name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
}

/**
 * The coding to send, of those the build wrote (`available`, in the server's order of preference:
 * br, then gzip) and identity: the one with the highest q the client gives, ties going to the
 * server's order, identity last. Identity is acceptable unless the header says `identity;q=0`, or
 * `*;q=0` without an identity entry (RFC 9110 section 12.5.3); unlisted, it ranks below every coding
 * the client lists. Without an Accept-Encoding header: identity. When nothing is acceptable, identity
 * is sent anyway (the RFC allows it; a 406 would only leave a reader with nothing).
 * @param {string | undefined} header
 * @param {readonly string[]} available
 * @returns {string | undefined} the coding, or undefined for identity
 */
export function preferredEncoding(header, available) {
  if (header === undefined) return undefined;
  const weights = encodingWeights(header);
  /** @param {string} name */
  const weight = (name) => weights.get(name) ?? weights.get('*') ?? 0;
  let best;
  let bestQ = 0;
  for (const name of available) {
    const q = weight(name);
    if (q > bestQ) [best, bestQ] = [name, q];
  }
  const identity = weights.get('identity') ?? (weights.get('*') === 0 ? 0 : Math.min(weights.get('*') ?? 0.0001, 0.0001));
  return best !== undefined && bestQ >= identity ? best : undefined;
}

/**
 * True when an If-None-Match header matches `etag` (RFC 9110 section 13.1.2): `*`, or a list of
 * entity tags one of which equals it by the weak comparison (`W/"x"` matches `"x"`). A malformed
 * header matches nothing, so the client gets the full answer.
 * @param {string | undefined} header
 * @param {string} etag
 */
export function ifNoneMatch(header, etag) {
  if (header === undefined) return false;
  const text = header.trim();
  if (text === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  const tag = /\s*(?:W\/)?("[^"]*")\s*(?:,|$)/gy;
  let match;
  let end = 0;
  while (end < text.length && (match = tag.exec(text)) !== null) {
    if (match[1] === opaque) return true;
    end = tag.lastIndex;
    if (match[0] === '') break;
  }
  return false;
}

/**
 * The file to send for a request, read whole from one open descriptor: the precompressed variant
 * the client prefers (preferredEncoding) when the build wrote one, else the file itself. The bytes
 * and their size and time come from the same open file, so a rebuild that replaces or removes it
 * meanwhile never mixes two versions into one answer. A file rewritten in place while it is read
 * (its size or time changed), or empty and written within the last second (created, not yet
 * written), is read again, three times at most, else 'changing' (a 503 asking to retry).
 * `undefined` when it is gone.
 * (The site's files are small; the largest, the renderer, is about 1.1 MB.)
 * @param {string} file
 * @param {string | undefined} acceptEncoding
 * @param {boolean} withBody false for HEAD
 * @returns {Promise<{ body: Buffer | undefined, encoding: string | undefined, size: number, mtimeMs: number, mtime: Date, variants: boolean } | 'changing' | undefined>}
 */
async function readVariant(file, acceptEncoding, withBody) {
  /** @param {string} path */
  const isFile = (path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  const written = ENCODINGS.filter((encoding) => isFile(file + encoding.suffix));
  const chosen = written.find((encoding) => encoding.name === preferredEncoding(acceptEncoding, written.map((e) => e.name)));
  // The variant first; if it vanished meanwhile, the file itself.
  for (const candidate of chosen ? [chosen, undefined] : [undefined]) {
    const path = candidate ? file + candidate.suffix : file;
    for (let attempt = 0; attempt < 3; attempt++) {
      let handle;
      try {
        handle = await open(path, 'r');
      } catch {
        break; // gone (or never a readable file): try the next candidate
      }
      try {
        const before = await handle.stat();
        if (!before.isFile()) break;
        // A compressed stream is never empty: an empty variant is one the build has created and
        // not yet written, so the file itself is sent instead.
        if (candidate && before.size === 0) break;
        // An empty file written this very second is, the same way, one being written: read it again.
        if (before.size === 0 && Date.now() - before.mtimeMs < 1000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const body = withBody ? await handle.readFile() : undefined;
        const after = await handle.stat();
        let unchanged = after.size === before.size && after.mtimeMs === before.mtimeMs && (body === undefined || body.length === before.size);
        // The file system's clock ticks in milliseconds (or coarser): a file rewritten in place twice
        // within one tick keeps its size and time, so a file written this last second is read a
        // second time, from its start, and must read the same.
        if (unchanged && body !== undefined && Date.now() - after.mtimeMs < 1000) {
          const again = Buffer.alloc(body.length);
          const { bytesRead } = await handle.read(again, 0, again.length, 0);
          unchanged = bytesRead === body.length && again.equals(body);
        }
        if (unchanged) return { body, encoding: candidate?.name, size: before.size, mtimeMs: before.mtimeMs, mtime: before.mtime, variants: written.length > 0 };
        await new Promise((resolve) => setTimeout(resolve, 20));
      } catch {
        break;
      } finally {
        await handle.close().catch(() => {});
      }
    }
  }
  return isFile(file) ? 'changing' : undefined;
}

/** A year: what a content-hashed file (a new content is a new name) may be cached for. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @param {{ root: string, port?: number, host?: string }} options port 0 picks a free port
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export function startServer({ root, port = 0, host = '127.0.0.1' }) {
  const base = resolve(root);
  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  const handle = async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const file = resolveFile(base, request.url ?? '/');
    const variant = file === undefined ? undefined : await readVariant(file, request.headers['accept-encoding'], request.method === 'GET');
    if (file === undefined || variant === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (variant === 'changing') {
      // Rewritten under every read: a rebuild is under way. Ask the client to come back.
      response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' }).end('The file is being rebuilt; retry\n');
      return;
    }
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
    if (ifNoneMatch(request.headers['if-none-match'], etag)) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...(variant.encoding ? { 'content-encoding': variant.encoding } : {}),
      'content-length': String(variant.size),
    });
    response.end(variant.body);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      // Never a crash: whatever went wrong with one request is that request's 500.
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal error\n');
      else response.destroy();
    });
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
