// Test support (not built, not published): every client against a hostile server on 127.0.0.1.
// fast-check builds raw HTTP responses: any status, Retry-After in every form, Content-Length
// lies, chunked framing good and bad, encodings the body does and does not have, truncated,
// oversized and non-JSON bodies (some echoing the credential), delivered at once or as a slow
// drip, then closed, reset or left hanging. Every call must settle within its time limit with
// `{ data | error }` or a documented error, and nothing thrown may show a credential.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FailureSuite, shown } from './failure-suite.js';
import { type RecordingServer, startRecordingServer } from './recording-server.js';

const TIMEOUT_MS = 300;
const MAX_RESPONSE_BYTES = 4096;

export interface HostileResponse {
  raw: (string | Uint8Array)[];
  gapMs: number;
  end: 'close' | 'reset' | 'hang';
}

/** Raw HTTP/1.1 responses, hostile in every way fast-check can combine; `echo` is a credential. */
export function hostileResponse(echo: string): fc.Arbitrary<HostileResponse> {
  const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null');
  const body = fc.oneof(
    json,
    json.map((text) => text.slice(0, Math.max(0, text.length - 1))), // truncated
    fc.string({ maxLength: 40 }), // anything
    fc.constant(`{"message":"${echo}"}`),
    fc.constant(`<html>${echo}</html>`),
    fc.constant(''),
    fc.integer({ min: MAX_RESPONSE_BYTES - 2, max: MAX_RESPONSE_BYTES * 3 }).map((n) => `"${'x'.repeat(n)}"`), // oversized
  );
  const retryAfter = fc.oneof(
    fc.nat(2000).map(String),
    fc.constantFrom('-1', '1.5', 'soon', '', 'Wed, 21 Oct 2015 07:28:00 GMT', new Date(Date.now() + 5000).toUTCString(), '99999999999999999999'),
  );
  const extraHeaders = fc.array(
    fc.oneof(
      retryAfter.map((v) => `Retry-After: ${v}`),
      retryAfter.map((v) => `RetryAfter: ${v}`),
      fc.constantFrom('Content-Type: application/json', 'Content-Type: text/html', 'Content-Type: application/json; charset=utf-16', 'Content-Type: ;;;'),
      fc.constantFrom('Location: http://127.0.0.1:1/elsewhere', 'Location: /same', `Location: https://${echo}@example.com/`),
      fc.constant(`X-Echo: ${echo}`),
    ),
    { maxLength: 4 },
  );
  return fc
    .record({
      status: fc.oneof(fc.integer({ min: 100, max: 599 }), fc.constantFrom(200, 201, 204, 301, 304, 400, 401, 429, 500)),
      headers: extraHeaders,
      body,
      framing: fc.constantFrom('length', 'length-short', 'length-long', 'length-huge', 'length-garbage', 'chunked', 'chunked-bad', 'close'),
      encoding: fc.constantFrom('none', 'none', 'gzip', 'gzip-label-only', 'br-label-only', 'x-unknown'),
      pieces: fc.integer({ min: 1, max: 4 }),
      gapMs: fc.constantFrom(0, 0, 5, 40),
      end: fc.constantFrom('close', 'close', 'reset', 'hang'),
    })
    .map(({ status, headers, body, framing, encoding, pieces, gapMs, end }) => {
      let payload: Uint8Array = Buffer.from(body);
      const head = [`HTTP/1.1 ${status} Hostile`, ...headers];
      if (encoding === 'gzip') payload = gzipSync(payload);
      if (encoding !== 'none') head.push(`Content-Encoding: ${encoding === 'gzip' || encoding === 'gzip-label-only' ? 'gzip' : encoding === 'br-label-only' ? 'br' : 'x-unknown'}`);
      const n = payload.length;
      if (framing === 'length') head.push(`Content-Length: ${n}`);
      if (framing === 'length-short') head.push(`Content-Length: ${Math.max(0, n - 3)}`);
      if (framing === 'length-long') head.push(`Content-Length: ${n + 50}`);
      if (framing === 'length-huge') head.push('Content-Length: 300000000');
      if (framing === 'length-garbage') head.push('Content-Length: 12abc');
      if (framing.startsWith('chunked')) {
        head.push('Transfer-Encoding: chunked');
        const size = framing === 'chunked-bad' ? 'zz' : n.toString(16);
        payload = Buffer.concat([Buffer.from(`${size}\r\n`), payload, Buffer.from(n ? '\r\n0\r\n\r\n' : '\r\n')]);
      }
      if (framing === 'close') head.push('Connection: close');
      const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), payload]);
      const step = Math.ceil(bytes.length / pieces);
      const raw = Array.from({ length: pieces }, (_, i) => bytes.subarray(i * step, (i + 1) * step)).filter((b) => b.length > 0);
      return { raw, gapMs, end } as HostileResponse;
    });
}

/** Runs `suite.call` against `runs` hostile responses (default 40, bounded so it fits the test command). */
export function describeHostileServer<C>(suite: FailureSuite<C>, runs = 40): void {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('settles every call against a hostile server within timeoutMs, with a result or a documented error, never showing a credential', async () => {
    const echo = suite.secrets[0] ?? 'no-secret';
    await fc.assert(
      fc.asyncProperty(hostileResponse(echo), async (reply) => {
        server.reply(reply);
        const client = suite.createClient({ baseUrl: server.url, timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_RESPONSE_BYTES });
        let timer: ReturnType<typeof setTimeout> | undefined;
        // Liveness, not speed: a call still pending well after its limit has hung.
        const hung = new Promise<'hung'>((resolve) => {
          timer = setTimeout(() => resolve('hung'), TIMEOUT_MS + 2000);
        });
        const outcome = await Promise.race([
          suite.call(client).then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          ),
          hung,
        ]);
        clearTimeout(timer);
        expect(outcome).not.toBe('hung');
        if (outcome === 'hung') return;
        if ('result' in outcome) {
          expect(outcome.result.response).toBeInstanceOf(Response);
          return;
        }
        const { error } = outcome;
        expect(error instanceof suite.ClientNetworkError || error instanceof SyntaxError, `undocumented: ${shown(error)}`).toBe(true);
        const text = shown(error);
        for (const secret of suite.secrets) expect(text).not.toContain(secret);
      }),
      { numRuns: runs },
    );
  }, 60_000);
}
