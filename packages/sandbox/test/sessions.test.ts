// Sessions: two test suites sharing one sandbox, each with the credentials of its own session,
// must not see each other's callbacks, faults, requests or state. Everything here runs the two
// sessions at the same time, so without isolation each would receive the other's callbacks and
// answers (the cross-talk the sessions exist to prevent).
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../src/index.js';
import { listen } from './support.js';

let sandbox: Sandbox;
const servers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, callbackDelivery: { retryDelayMs: 20, timeoutMs: 2000 } });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => sandbox.close());

const control = (path: string, init: RequestInit = {}) =>
  fetch(`${sandbox.url}/__sandbox${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

/** One suite's view: a session made over HTTP, its own receiver and its own im-v1 client. */
async function suite(name: string) {
  const created = await control('/sessions', { method: 'POST' });
  expect(created.status).toBe(201);
  const { id, credentials } = (await created.json()) as { id: string; credentials: typeof sandbox.credentials };
  const received: { id?: string; status?: string }[] = [];
  const receiver = await listen(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node);
  servers.push(receiver);
  const put = await control(`/sessions/${id}/callbacks`, { method: 'PUT', body: JSON.stringify({ imStatus: receiver.url }) });
  expect(put.status).toBe(200);
  const im = createImClient({ baseUrl: sandbox.url, apiKey: credentials['im-v1'].apiKey, retry: false });
  const send = async () => {
    const { data, response } = await im.POST('/message', {
      body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: name } } },
    });
    return { id: data?.id, status: response.status };
  };
  return { id, credentials, received, send, name };
}

describe('sessions', () => {
  it('answers POST /__sandbox/sessions with an id and credentials of the shape of the sandbox', async () => {
    const answer = await control('/sessions', { method: 'POST' });
    const body = (await answer.json()) as { id: string; credentials: Record<string, Record<string, string>> };
    expect(answer.status).toBe(201);
    expect(Object.keys(body)).toEqual(['id', 'credentials']);
    for (const api of Object.keys(sandbox.credentials) as (keyof typeof sandbox.credentials)[]) {
      expect(Object.keys(body.credentials[api]!).sort()).toEqual(Object.keys(sandbox.credentials[api]).sort());
      expect(body.credentials[api]).not.toEqual(sandbox.credentials[api]);
    }
    expect((await control(`/sessions/${body.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('delivers each session its own callbacks, in parallel', async () => {
    const [a, b] = await Promise.all([suite('a'), suite('b')]);
    const rounds = 5;
    const run = async (s: Awaited<ReturnType<typeof suite>>) => {
      const ids: string[] = [];
      for (let i = 0; i < rounds; i++) {
        const { id } = await s.send();
        ids.push(id!);
        const answer = await control(`/sessions/${s.id}/status`, { method: 'POST', body: JSON.stringify({ id, status: 'received' }) });
        expect(answer.status).toBe(200);
      }
      return ids;
    };
    const [idsA, idsB] = await Promise.all([run(a), run(b)]);
    expect(a.received.map((r) => r.id)).toEqual(idsA);
    expect(b.received.map((r) => r.id)).toEqual(idsB);
    // A session cannot change another session's message.
    const foreign = await control(`/sessions/${a.id}/status`, { method: 'POST', body: JSON.stringify({ id: idsB[0], status: 'read' }) });
    expect(foreign.status).toBe(400);
    expect((await (await control(`/sessions/${a.id}/deliveries`)).json()).map((d: { body: { id: string } }) => d.body.id)).toEqual(idsA);
  });

  it("keeps each session's faults, request log and reset its own", async () => {
    const [a, b] = await Promise.all([suite('a'), suite('b')]);
    const fault = await control(`/sessions/${a.id}/faults`, { method: 'POST', body: JSON.stringify({ operation: 'im-v1.sendMessage', status: 500, times: 2 }) });
    expect(fault.status).toBe(200);
    const [a1, b1, a2, b2, a3] = await Promise.all([a.send(), b.send(), a.send(), b.send(), a.send()]).then((all) => all.map((x) => x.status));
    expect([b1, b2]).toEqual([202, 202]);
    expect([a1, a2, a3].sort()).toEqual([202, 500, 500]);
    expect(await (await control('/faults')).json()).toEqual({ pending: {} });
    const logA = (await (await control(`/sessions/${a.id}/requests`)).json()) as { body: { message: { text: { body: string } } } }[];
    const logB = (await (await control(`/sessions/${b.id}/requests?operation=im-v1.sendMessage`)).json()) as typeof logA;
    expect(logA.map((r) => r.body.message.text.body)).toEqual(['a', 'a', 'a']);
    expect(logB.map((r) => r.body.message.text.body)).toEqual(['b', 'b']);
    expect(sandbox.requests({ operation: 'im-v1.sendMessage' }).filter((r) => ['a', 'b'].includes((r.body as any)?.message?.text?.body))).toEqual([]);
    expect((await control(`/sessions/${a.id}/reset`, { method: 'POST' })).status).toBe(200);
    expect(await (await control(`/sessions/${a.id}/requests`)).json()).toEqual([]);
    expect((await (await control(`/sessions/${b.id}/requests`)).json()) as unknown[]).toHaveLength(2);
  });

  it("keeps each session's state its own, and the global credentials keep working", async () => {
    const session = sandbox.createSession();
    const mine = createSmsClient({ baseUrl: sandbox.url, apiKey: session.credentials['sms-v2'].apiKey });
    const global = createSmsClient({ baseUrl: sandbox.url, apiKey: sandbox.credentials['sms-v2'].apiKey });
    const sent = await mine.POST('/messages', { body: { destination: '+447700900123', content: 'x' } });
    expect(sent.response.status).toBe(202);
    const id = sent.data!.id!;
    expect((await mine.GET('/messages', { params: { query: { id } } })).response.status).toBe(200);
    expect((await global.GET('/messages', { params: { query: { id } } })).response.status).toBe(404);
    const globalSent = await global.POST('/messages', { body: { destination: '+447700900123', content: 'y' } });
    expect(globalSent.response.status).toBe(202);
    expect((await mine.GET('/messages', { params: { query: { id: globalSent.data!.id! } } })).response.status).toBe(404);
    await session.close();
    // A deleted session's credentials are refused.
    expect((await mine.GET('/messages', { params: { query: { id } } })).response.status).toBe(401);
    expect((await control(`/sessions/${session.id}/requests`)).status).toBe(404);
  });

  it('refuses a session over the limit, and drops idle ones', async () => {
    const small = await startSandbox({ port: 0, sessions: { max: 2, idleMs: 1000 } });
    try {
      const post = () => fetch(`${small.url}/__sandbox/sessions`, { method: 'POST' });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const third = await post();
      expect(third.status).toBe(429);
      expect((await third.json()).error).toMatch(/at most 2 sessions/);
      // In process, the same refusal, named as what it is (not a bare `Error: …`).
      expect(() => small.createSession()).toThrow(expect.objectContaining({ name: 'SessionLimitError', message: expect.stringMatching(/^at most 2 sessions/) }));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await post()).status).toBe(201);
    } finally {
      await small.close();
    }
    await expect(startSandbox({ port: 0, sessions: { idleMs: 5 } })).rejects.toThrow(/idleMs/);
  });
});
