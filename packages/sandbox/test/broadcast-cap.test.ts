// Nothing acknowledged may be lost (trial65, finding 11): a broadcast of A stores one message per
// destination, so one with more destinations than A's message store holds, or more bytes than all
// stores may hold together, would evict its own messages before the 201 named their ids. It is
// refused instead, naming the bound and the option that raises it (sandbox choice, README).
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';
import { responseViolations } from './support.js';

const started: Awaited<ReturnType<typeof startSandbox>>[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.close()));
});

async function broadcast(options: Parameters<typeof startSandbox>[0], destinations: number) {
  const sandbox = await startSandbox({ port: 0, ...options });
  started.push(sandbox);
  const { username, password } = sandbox.credentials['gateway-v1'];
  const headers = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, 'content-type': 'application/json' };
  const answer = await fetch(`${sandbox.urls['gateway-v1']}/messages/broadcast`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content: 'hi', destination: Array.from({ length: destinations }, (_, i) => `+4477009${String(i).padStart(5, '0')}`) }),
  });
  const body = (await answer.json()) as any;
  const read = (id: number) => fetch(`${sandbox.urls['gateway-v1']}/messages/${id}`, { headers }).then((r) => r.status);
  return { status: answer.status, body, read };
}

describe("a broadcast beyond A's store", () => {
  it('with more destinations than the store cap: 413 naming the cap and --store-cap, and nothing stored', async () => {
    const { status, body, read } = await broadcast({ storeCaps: { gatewayMessages: 5 } }, 6);
    expect(status).toBe(413);
    expect(responseViolations('gateway-v1.sendBroadcast', 413, body)).toEqual([]);
    expect(body.message).toBe(
      "Broadcast larger than the message store: body/destination must have at most 5 destinations, the cap of A's message store (storeCaps.gatewayMessages, --store-cap), or the broadcast would evict its own messages (store-cap 5)",
    );
    expect(await read(1)).toBe(404);
  });

  it('at the cap: 201, and every id answered reads back', async () => {
    const { status, body, read } = await broadcast({ storeCaps: { gatewayMessages: 5 } }, 5);
    expect(status).toBe(201);
    const ids = (body as { id: number }[]).map((item) => item.id);
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(await read(id)).toBe(200);
  });

  it('with more bytes than all stores may hold: 413 naming memory.storeBytes and --store-bytes', async () => {
    const { status, body, read } = await broadcast({ memory: { storeBytes: 1000 } }, 20);
    expect(status).toBe(413);
    expect(body.message).toMatch(/^Broadcast larger than the message store: body\/destination must take at most 1000 bytes of the stores' budget \(memory\.storeBytes, --store-bytes\), where it takes \d+, or the broadcast would evict its own messages \(store-bytes 1000\)$/);
    expect(await read(1)).toBe(404);
  });
});
