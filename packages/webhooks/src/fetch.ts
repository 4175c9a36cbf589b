// The web-standard form: (Request) => Promise<Response>, for Hono, Next route handlers, Bun, Deno,
// Cloudflare Workers, and Node through any fetch adapter.
import type { Core, Reply } from './core.js';
import { timedOut } from './time-limit.js';

/** Never rejects: every failure becomes a Response. */
export type FetchHandler = (request: Request) => Promise<Response>;

const tooLarge = Symbol('too large');
const unreadable = Symbol('unreadable');

async function readBody(request: Request, max: number, deadline: Core['bodyDeadline']): Promise<Uint8Array | typeof tooLarge | typeof unreadable | typeof timedOut> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  let expired = false;
  // Cancelling ends the pending read, so the loop below sees the end and reports the time limit.
  const stop = deadline(() => {
    expired = true;
    reader.cancel().catch(() => {});
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (expired) return timedOut;
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        // Stop pulling bytes nobody will use.
        reader.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return expired ? timedOut : unreadable;
  } finally {
    stop();
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export const toResponse = (reply: Reply) =>
  new Response(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });

export function toFetchHandler(core: Core): FetchHandler {
  return async (request) => {
    try {
      if (core.authenticate) {
        const url = new URL(request.url);
        const refused = await core.authenticate({ method: request.method, url: url.pathname + url.search, headers: request.headers });
        if (refused) return toResponse(refused);
      }
      const { headers } = request;
      const early = core.preflight(
        request.method,
        headers.get('content-type'),
        headers.get('content-length'),
        headers.get('content-encoding'),
        headers.get('transfer-encoding'),
      );
      if (early) return toResponse(early);
      // A framework read it first (Hono's `c.req.json()` consumes `c.req.raw`).
      if (request.bodyUsed) return toResponse(core.refuse('body_consumed'));
      const body = await readBody(request, core.maxBodyBytes, core.bodyDeadline);
      if (body === timedOut) return toResponse(core.refuse('body_timeout'));
      if (body === tooLarge) return toResponse(core.refuse('body_too_large'));
      if (body === unreadable) return toResponse(core.refuse('body_unreadable'));
      return toResponse(await core.fromBytes(body));
    } catch {
      return toResponse(core.refuse('handler_failed'));
    }
  };
}
