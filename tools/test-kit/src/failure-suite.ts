// Test support (not built, not published): how every client behaves when HTTP does not go to
// plan, a hostile server included. One call of the client stands for all (the wire suite covers
// each operation); the credentials must not appear in anything thrown.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeHostileServer } from './hostile-suite.js';
import { type RecordingServer, refusedUrl, startRecordingServer } from './recording-server.js';
import type { CallResult } from './wire-suite.js';

export interface FailureSuite<C> {
  createClient(options: { baseUrl: string; timeoutMs?: number; maxResponseBytes?: number }): C;
  /** One representative call. */
  call(client: C): Promise<CallResult>;
  /** Every credential string the client was given or derived (password, API key, Basic token). */
  secrets: string[];
  /** The error class the client package exports (the class users test with instanceof). */
  // Structural, so the kit does not depend on client-core (which tests with the kit).
  ClientNetworkError: abstract new (...args: never[]) => Error;
}

/** Everything a thrown value can show: message, stack, toString, JSON and util.inspect with causes. */
export function shown(value: unknown): string {
  let json = '';
  try {
    json = JSON.stringify(value) ?? '';
  } catch {}
  return [String(value), json, inspect(value, { depth: 10, showHidden: true }), (value as Error)?.stack].join('\n');
}

export async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

export function describeFailures<C>(suite: FailureSuite<C>): void {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const expectNoSecret = (value: unknown) => {
    const text = shown(value);
    for (const secret of suite.secrets) expect(text).not.toContain(secret);
  };

  describe('network failures and timeouts', () => {
    it('a refused connection throws ClientNetworkError(network) without credentials', async () => {
      const client = suite.createClient({ baseUrl: await refusedUrl() });
      const error = await thrown(() => suite.call(client));
      expect(error).toBeInstanceOf(suite.ClientNetworkError);
      expect(error).toMatchObject({ kind: 'network' });
      expectNoSecret(error);
    });

    it.each([
      ['no answer', { hang: true } as const],
      ['a stalled body', { stallBody: true } as const],
    ])('%s throws ClientNetworkError(timeout) after timeoutMs, without credentials', async (_title, reply) => {
      // A server of its own: under load the client can give up before the server has read its
      // request, and the reply queued for it, left on the shared server, would then answer (hang)
      // the next test's request (seen under CI load: the next test timed out, the one after got
      // its reply).
      const own = await startRecordingServer();
      try {
        own.reply(reply);
        const started = Date.now();
        const error = await thrown(() => suite.call(suite.createClient({ baseUrl: own.url, timeoutMs: 120 })));
        expect(error).toBeInstanceOf(suite.ClientNetworkError);
        expect(error).toMatchObject({ kind: 'timeout' });
        expect(Date.now() - started).toBeGreaterThanOrEqual(100);
        expectNoSecret(error);
      } finally {
        await own.close();
      }
    });
  });

  describe('bodies that are not JSON', () => {
    it('an error body that is not JSON comes back as the text in `error`', async () => {
      server.reply({ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<h1>502 Bad Gateway</h1>' });
      const { data, error, response } = await suite.call(suite.createClient({ baseUrl: server.url }));
      expect(response.status).toBe(502);
      expect(data).toBeUndefined();
      expect(error).toBe('<h1>502 Bad Gateway</h1>');
    });

    it('a success body that is not JSON throws a SyntaxError that quotes nothing', async () => {
      const echoed = suite.secrets[0] ?? '';
      server.reply({ status: 200, headers: { 'Content-Type': 'text/plain' }, body: `${echoed} echoed` });
      const error = await thrown(() => suite.call(suite.createClient({ baseUrl: server.url })));
      expect(error).toBeInstanceOf(SyntaxError);
      expectNoSecret(error);
      expect(shown(error)).not.toContain(echoed.slice(0, 4));
    });
  });

  describe('a hostile server (fast-check)', () => {
    describeHostileServer(suite);
  });

  describe('base URL', () => {
    it.each(['http://api.example.com', 'ftp://api.example.com', 'not a url'])('rejects %s', (baseUrl) => {
      expect(() => suite.createClient({ baseUrl })).toThrow(TypeError);
    });

    it('rejects credentials in the URL without echoing them', async () => {
      const secret = 'url-secret-91d3';
      const error = await thrown(() => suite.createClient({ baseUrl: `https://acme:${secret}@api.example.com` }));
      expect(error).toBeInstanceOf(TypeError);
      expect(shown(error)).not.toContain(secret);
    });
  });
}
