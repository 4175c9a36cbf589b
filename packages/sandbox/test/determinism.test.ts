// Deterministic mode (issue item 7): with a seed, the same calls give the same ids, credentials and
// timestamps; reset() starts the sequence again. Without one, ids differ between runs.
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxWithClients } from './support.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function script(seed?: string) {
  const t = await sandboxWithClients(seed === undefined ? {} : { seed, clock: { start: '2030-01-01T00:00:00Z' } });
  open.push(t.sandbox);
  const run = async () => {
    const a = await t.gateway.POST('/messages', { body: { destination: '+1', content: 'x' } });
    const b = await t.sms.POST('/messages', { body: { destination: '+447700900123', content: 'x' } });
    const c = await t.im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } } });
    await t.campaigns.POST('/lists', { body: { name: 'L', members: [{ destination: '+1' }] } });
    const lists = await t.campaigns.GET('/lists');
    return { a: a.data, b: b.data, c: c.data, lists: lists.data };
  };
  return { t, first: await run(), again: (t.sandbox.reset(), await run()) };
}

describe('deterministic mode', () => {
  it('gives the same ids, credentials and timestamps for the same seed, and again after reset()', async () => {
    const one = await script('snapshot-1');
    const two = await script('snapshot-1');
    expect(two.first).toEqual(one.first);
    expect(one.again).toEqual(one.first);
    expect(two.t.sandbox.credentials).toEqual(one.t.sandbox.credentials);
    expect(one.first.lists![0]!.created).toBe('2030-01-01T00:00:00.000Z');
    expect(one.first.b!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives other ids for another seed, and random ones without a seed', async () => {
    const one = await script('snapshot-1');
    const other = await script('snapshot-2');
    const random = await script();
    expect(other.first.b!.id).not.toBe(one.first.b!.id);
    expect(random.again.c!.id).not.toBe(random.first.c!.id);
  });
});
