// When a plain call reaches fetch (dispatch.ts): at once when no other call is in flight; else at
// the end of the event loop's turn, together with the other calls started in that turn. fetch is
// wrapped here (not replaced: the calls still go to the server) to see when each call reaches it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CoreClientOptions, createCoreClient } from './client.js';
import { type RecordingServer, startRecordingServer } from '@messaging-contracts/test-kit/recording-server';

type Paths = Record<string, Record<string, { parameters: object; responses: Record<number, { content: { 'application/json': unknown } }> }>>;
type Untyped = { GET: (url: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }> };

let server: RecordingServer;
let reached: number;
beforeEach(async () => {
  server = await startRecordingServer();
  reached = 0;
  const realFetch = fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    reached++;
    return realFetch(input, init);
  });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
  await server.close();
});

const options = (): CoreClientOptions => ({ baseUrl: server.url, basePath: '/rest/test', auth: { type: 'header', name: 'authorization', value: 'k' } });
const client = (extra: Partial<CoreClientOptions> = {}) => createCoreClient<Paths>({ ...options(), ...extra }) as unknown as Untyped;
const ok = (n: number) => ({ status: 200, body: { n } });
/** A client of client-core loaded afresh, so dispatch.ts takes its setImmediate under what the test set up. */
async function freshClient() {
  vi.resetModules();
  const fresh = await import('./client.js');
  return fresh.createCoreClient<Paths>(options()) as unknown as Untyped;
}
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('dispatch: when a plain call reaches fetch', () => {
  it('alone, at once; while one is in flight, the calls of a turn together at its end', async () => {
    const c = client();
    server.reply(ok(1), ok(2), ok(3), ok(4));
    const first = c.GET('/things');
    expect(reached).toBe(1);
    const more = [c.GET('/things'), c.GET('/things'), c.GET('/things')];
    expect(reached).toBe(1);
    await endOfTurn();
    expect(reached).toBe(4);
    const answers = await Promise.all([first, ...more]);
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => (a.data as { n: number }).n).sort()).toEqual([1, 2, 3, 4]);
    // Nothing in flight any more: the next call goes at once again.
    server.reply(ok(5));
    const next = c.GET('/things');
    expect(reached).toBe(5);
    expect((await next).data).toEqual({ n: 5 });
  });

  it('a failed call is no longer in flight', async () => {
    const c = client({ timeoutMs: 0 });
    const unreachable = client({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 0 });
    await expect(unreachable.GET('/things')).rejects.toMatchObject({ kind: 'network' });
    server.reply(ok(1));
    const call = c.GET('/things');
    expect(reached).toBe(2);
    expect((await call).data).toEqual({ n: 1 });
  });

  it('a fetch that throws at once (a test stub) leaves nothing in flight', async () => {
    vi.stubGlobal('fetch', () => {
      throw new TypeError('stubbed');
    });
    await expect(client({ timeoutMs: 0 }).GET('/things')).rejects.toMatchObject({ kind: 'network' });
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return Response.json({ n: 1 });
    });
    const call = client({ timeoutMs: 0 }).GET('/things');
    expect(calls).toBe(1);
    expect((await call).data).toEqual({ n: 1 });
  });

  it('a custom fetch is called at once, whatever is in flight (as openapi-fetch calls it)', async () => {
    server.reply(ok(1), ok(2));
    const custom = vi.fn((request: Request, init?: RequestInit) => fetch(request, init));
    const first = client().GET('/things');
    const second = client({ fetch: custom }).GET('/things');
    expect(custom).toHaveBeenCalledTimes(1);
    await Promise.all([first, second]);
  });

  it('under fake timers installed after it loaded, calls in flight together are answered', { timeout: 5000 }, async () => {
    const c = client();
    vi.useFakeTimers();
    server.reply(ok(1), ok(2), ok(3));
    const answers = await Promise.all([c.GET('/things'), c.GET('/things'), c.GET('/things')]);
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200]);
  });

  it("uses node:timers' setImmediate, not the global one a test replaced (jest's legacy fake timers, whose queue jest.clearAllTimers() drops)", { timeout: 5000 }, async () => {
    vi.stubGlobal('setImmediate', () => {}); // a fake that never runs what it is given
    const c = await freshClient();
    server.reply(ok(1), ok(2), ok(3));
    const calls = [c.GET('/things'), c.GET('/things'), c.GET('/things')];
    expect(reached).toBe(1); // the others wait for the end of the turn, on the real setImmediate
    expect((await Promise.all(calls)).map((a) => a.response.status)).toEqual([200, 200, 200]);
  });

  it('under fake timers installed before it loaded (a setup file), calls in flight together are answered', { timeout: 5000 }, async () => {
    vi.useFakeTimers();
    const c = await freshClient();
    server.reply(ok(1), ok(2), ok(3));
    const answers = await Promise.all([c.GET('/things'), c.GET('/things'), c.GET('/things')]);
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200]);
  });

  it('where the setImmediate found is a fake already (marked clock), each call reaches fetch at once', { timeout: 5000 }, async () => {
    const fake = Object.assign(() => {}, { clock: {} });
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue({ setImmediate: fake });
    const c = await freshClient();
    vi.restoreAllMocks();
    server.reply(ok(1), ok(2), ok(3));
    const calls = [c.GET('/things'), c.GET('/things'), c.GET('/things')];
    expect(reached).toBe(3);
    expect((await Promise.all(calls)).map((a) => a.response.status)).toEqual([200, 200, 200]);
  });
});
