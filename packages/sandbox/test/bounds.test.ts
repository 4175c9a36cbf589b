// Every bound is explicit: store caps evict the oldest entry, logs keep the newest, and
// options outside their range are refused at start with a clear error.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';
import { sandboxWithClients } from './support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('bounds', () => {
  it('evicts the oldest message past the store cap', async () => {
    const t = await sandboxWithClients({ storeCaps: { gatewayMessages: 2 }, requestLogSize: 3 });
    open.push(t.sandbox);
    for (let i = 0; i < 3; i++) await t.gateway.POST('/messages', { body: { destination: '+1', content: `m${i}` } });
    const first = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } });
    const last = await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: 3 } } });
    expect([first.response.status, last.response.status]).toEqual([404, 200]);
    expect(t.sandbox.requests().map((r) => r.seq)).toEqual([3, 4, 5]);
  });

  it('bounds the fault queue: one entry per injection whatever its times, at most 1000 entries, bodies within memory.faultBytes', async () => {
    const sandbox = await startSandbox({ port: 0, memory: { faultBytes: 10_000 } });
    open.push(sandbox);
    sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500, times: 1_000_000 });
    expect(sandbox.faults.pending()).toEqual({ 'im-v1.sendMessage': 1_000_000 });
    expect(() => sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500, body: 'x'.repeat(20_000) })).toThrow(/memory.faultBytes/);
    sandbox.faults.clear();
    for (let i = 0; i < 1000; i++) sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500, body: 'x' });
    expect(() => sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500 })).toThrow(/at most 1000 injections/);
  });

  it('evicts the oldest stored messages past the byte budget, across sessions, and drops old request bodies past the log budget', async () => {
    const t = await sandboxWithClients({ memory: { storeBytes: 10_000, logBytes: 10_000 } });
    open.push(t.sandbox);
    const content = 'x'.repeat(3000);
    for (let i = 0; i < 5; i++) await t.gateway.POST('/messages', { body: { destination: '+1', content } });
    const status = async (id: number) => (await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: id } } })).response.status;
    expect([await status(1), await status(2), await status(4), await status(5)]).toEqual([404, 404, 200, 200]);
    const log = t.sandbox.requests({ operation: 'gateway-v1.sendMessage' });
    expect(log).toHaveLength(5);
    expect(log[0]).toMatchObject({ dropped: true, headers: {} });
    expect(log[0]?.body).toBeUndefined();
    expect(log.at(-1)?.body).toMatchObject({ content });
    // The budget is the sandbox's, not a session's: a session's messages evict the oldest anywhere.
    const session = t.sandbox.createSession();
    const auth = `Basic ${Buffer.from(`${session.credentials['gateway-v1'].username}:${session.credentials['gateway-v1'].password}`).toString('base64')}`;
    for (let i = 0; i < 2; i++) {
      await fetch(`${t.sandbox.urls['gateway-v1']}/messages`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ destination: '+1', content }) });
    }
    expect([await status(3), await status(4), await status(5)]).toEqual([404, 404, 200]);
  });

  // A deleted session's stores, logs and faults stayed charged against the sandbox's shared budgets:
  // the live scopes then lost their oldest messages, and had injections refused, for data nobody can
  // reach any more (its credentials are refused), and its memory was kept until pushed out.
  it("lets go of a deleted session's share of every budget: stores, logs and faults", async () => {
    const t = await sandboxWithClients({ memory: { storeBytes: 10_000, logBytes: 16_000, faultBytes: 10_000 } });
    open.push(t.sandbox);
    const content = 'x'.repeat(3000);
    const status = async (id: number) => (await t.gateway.GET('/messages/{messageid}', { params: { path: { messageid: id } } })).response.status;
    await t.gateway.POST('/messages', { body: { destination: '+1', content } });
    const session = t.sandbox.createSession();
    const auth = `Basic ${Buffer.from(`${session.credentials['gateway-v1'].username}:${session.credentials['gateway-v1'].password}`).toString('base64')}`;
    for (let i = 0; i < 2; i++) {
      await fetch(`${t.sandbox.urls['gateway-v1']}/messages`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ destination: '+1', content }) });
    }
    session.faults.inject({ operation: 'im-v1.sendMessage', status: 500, body: 'x'.repeat(9000) });
    await session.close();
    for (let i = 0; i < 2; i++) await t.gateway.POST('/messages', { body: { destination: '+1', content } });
    expect(t.sandbox.requests({ operation: 'gateway-v1.sendMessage' }).map((request) => request.dropped ?? false)).toEqual([false, false, false]);
    expect([await status(1), await status(2), await status(3)]).toEqual([200, 200, 200]);
    expect(() => t.sandbox.faults.inject({ operation: 'im-v1.sendMessage', status: 500, body: 'x'.repeat(9000) })).not.toThrow();
  });

  it('refuses out-of-range options at start', async () => {
    await expect(startSandbox({ port: 70000 })).rejects.toThrow(/port/);
    await expect(startSandbox({ port: 0, storeCaps: { lists: 0 } })).rejects.toThrow(/cap/);
    await expect(startSandbox({ port: 0, callbacks: { imStatus: 'ftp://x' } })).rejects.toThrow(/imStatus/);
    await expect(startSandbox({ port: 0, callbacks: { smsStatus: 'http://user:secret@127.0.0.1/' } })).rejects.toThrow(/^smsStatus must not carry credentials \(user:password@\): fetch refuses them/);
    await expect(startSandbox({ port: 0, callbackDelivery: { retries: -1 } })).rejects.toThrow(/retries/);
  });
});
