// Deterministic mode (issue item 7): with a seed, the same calls give the same ids, credentials and
// timestamps; reset() starts the sequence again. Without one, ids differ between runs.
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxControlClient } from '../src/control-client.js';
import { startSandbox } from '../src/index.js';
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

  describe('named sessions', () => {
    /** A seeded sandbox with sessions made in this order over HTTP; each named session's id, credentials and first C message id. */
    async function sessionsInOrder(order: string[]) {
      const sandbox = await startSandbox({ port: 0, seed: 'suite' });
      open.push(sandbox);
      const control = createSandboxControlClient({ baseUrl: sandbox.url });
      const made: Record<string, { id: string; apiKey: string; first: string }> = {};
      for (const name of order) {
        const { data, response } = await control.POST('/sessions', { body: { name } });
        expect(response.status).toBe(201);
        const answer = await fetch(`${sandbox.urls['im-v1']}/message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: data!.credentials['im-v1'].apiKey },
          body: JSON.stringify({ destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'x' } } }),
        });
        made[name] = { id: data!.id, apiKey: data!.credentials['im-v1'].apiKey, first: ((await answer.json()) as { id: string }).id };
      }
      return { sandbox, made };
    }

    it("give a session the same ids whatever order sessions are created in (seed and name, not order)", async () => {
      const one = await sessionsInOrder(['test/a.test.ts', 'test/b.test.ts']);
      const other = await sessionsInOrder(['test/b.test.ts', 'test/a.test.ts']);
      expect(other.made).toEqual(one.made);
      expect(one.made['test/a.test.ts']!.id).not.toBe(one.made['test/b.test.ts']!.id);
      // In process, the same name gives the same session.
      const inProcess = await startSandbox({ port: 0, seed: 'suite' });
      open.push(inProcess);
      inProcess.createSession();
      expect(inProcess.createSession({ name: 'test/a.test.ts' }).id).toBe(one.made['test/a.test.ts']!.id);
    });

    it('refuse a name a live session has, and a bad name; a deleted name can be used again, with the same ids', async () => {
      const { sandbox, made } = await sessionsInOrder(['test/a.test.ts']);
      const control = createSandboxControlClient({ baseUrl: sandbox.url });
      const again = await control.POST('/sessions', { body: { name: 'test/a.test.ts' } });
      expect(again.response.status).toBe(400);
      expect(again.error?.error).toMatch(/a live session is named test\/a\.test\.ts already/);
      expect(() => sandbox.createSession({ name: '' })).toThrow(/name must be 1 to 100 printable ASCII characters/);
      expect(() => sandbox.createSession({ name: 'x'.repeat(101) })).toThrow(/name must be/);
      expect(() => sandbox.createSession({ name: 5 as never })).toThrow(/name must be/);
      await control.DELETE('/sessions/{sessionId}', { params: { path: { sessionId: made['test/a.test.ts']!.id } } });
      expect(sandbox.createSession({ name: 'test/a.test.ts' }).id).toBe(made['test/a.test.ts']!.id);
    });
  });
});
