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

  it('refuses out-of-range options at start', async () => {
    await expect(startSandbox({ port: 70000 })).rejects.toThrow(/port/);
    await expect(startSandbox({ port: 0, storeCaps: { lists: 0 } })).rejects.toThrow(/cap/);
    await expect(startSandbox({ port: 0, callbacks: { imStatus: 'ftp://x' } })).rejects.toThrow(/imStatus/);
    await expect(startSandbox({ port: 0, callbackDelivery: { retries: -1 } })).rejects.toThrow(/retries/);
  });
});
