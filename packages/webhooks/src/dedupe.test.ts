import { describe, expect, it } from 'vitest';
import { createMemoryDedupStore, type DedupStore, deduplicate, messageIdAndStatus } from './dedupe.js';
import { uuid } from './test-support/spec-document.js';

const other = '8b2d4f6a-1c3e-4a5b-8d7f-9e0a1b2c3d4e';

describe('messageIdAndStatus', () => {
  it.each([
    ['id and status', { id: uuid, status: 'sent' }, `${uuid} sent`],
    ['id alone (a reply)', { id: uuid }, uuid],
    ['no id', { status: 'sent' }, undefined],
    ['nothing', {}, undefined],
  ])('keys %s', (_title, body, key) => {
    expect(messageIdAndStatus(body)).toBe(key);
  });
});

describe('createMemoryDedupStore', () => {
  it('reports a key as new once', () => {
    const store = createMemoryDedupStore();
    expect([store.add('a'), store.add('a'), store.add('b')]).toEqual([true, false, true]);
  });

  it('forgets the oldest key beyond maxEntries, and never holds more', () => {
    const store = createMemoryDedupStore({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) store.add(key);
    expect(store.size).toBe(3);
    expect(store.add('a')).toBe(true); // evicted, so new again (and now evicts b)
    expect(store.add('c')).toBe(false);
    expect(store.add('b')).toBe(true);
    expect(store.size).toBe(3);
  });

  it('forgets a key after ttlMs', () => {
    let now = 1_000;
    const store = createMemoryDedupStore({ ttlMs: 100, now: () => now });
    expect(store.add('a')).toBe(true);
    now += 99;
    expect(store.add('a')).toBe(false);
    now += 1;
    expect(store.add('a')).toBe(true);
    expect(store.size).toBe(1);
  });

  it('forgets a deleted key', () => {
    const store = createMemoryDedupStore();
    store.add('a');
    store.delete('a');
    expect(store.add('a')).toBe(true);
  });

  it.each([
    [{ maxEntries: 0 }, /^maxEntries/],
    [{ maxEntries: 1.5 }, /^maxEntries/],
    [{ ttlMs: 0 }, /^ttlMs/],
    [{ ttlMs: Number.NaN }, /^ttlMs/],
  ])('refuses %j', (options, message) => {
    expect(() => createMemoryDedupStore(options)).toThrow(message);
  });
});

describe('deduplicate', () => {
  it('calls the handler once per message id and status', async () => {
    const seen: unknown[] = [];
    const handle = deduplicate((body: { id?: string; status?: string }) => void seen.push(body));
    const bodies = [
      { id: uuid, status: 'sent' },
      { id: uuid, status: 'sent' },
      { id: uuid, status: 'received' },
      { id: other, status: 'sent' },
      { id: uuid, status: 'received' },
    ];
    for (const body of bodies) await handle(body);
    expect(seen).toEqual([bodies[0], bodies[2], bodies[3]]);
  });

  it('always calls the handler for bodies without a key', async () => {
    let calls = 0;
    const handle = deduplicate(() => void calls++);
    await handle({ status: 'sent' });
    await handle({ status: 'sent' });
    expect(calls).toBe(2);
  });

  it('processes a redelivery after the handler failed', async () => {
    let attempts = 0;
    const handle = deduplicate(async () => {
      attempts++;
      if (attempts === 1) throw new Error('database down');
    });
    await expect(handle({ id: uuid, status: 'sent' })).rejects.toThrow('database down');
    await handle({ id: uuid, status: 'sent' });
    await handle({ id: uuid, status: 'sent' });
    expect(attempts).toBe(2);
  });

  it('lets one of two concurrent duplicates through', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handle = deduplicate(async () => {
      calls++;
      await gate;
    });
    const first = handle({ id: uuid, status: 'sent' });
    const second = handle({ id: uuid, status: 'sent' });
    await second;
    expect(calls).toBe(1);
    release();
    await first;
    expect(calls).toBe(1);
  });

  it('uses a store of your own and a key of your own', async () => {
    const keys: string[] = [];
    const seen = new Set<string>();
    const store: DedupStore = {
      add: async (key) => {
        keys.push(key);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      },
      delete: async (key) => void seen.delete(key),
    };
    let calls = 0;
    const handle = deduplicate((_body: { id?: string; content?: string }) => void calls++, {
      store,
      key: (body) => body.content,
    });
    await handle({ id: uuid, content: 'yes' });
    await handle({ id: other, content: 'yes' });
    expect(keys).toEqual(['yes', 'yes']);
    expect(calls).toBe(1);
  });
});
