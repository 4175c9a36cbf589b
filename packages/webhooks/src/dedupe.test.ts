import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsV2StatusReceiver } from './receivers.js';
import { listen, postJson, type Running } from './test-support/http.js';
import { createMemoryDedupStore, type DedupStore, deduplicate, messageIdAndStatus } from './dedupe.js';
import { uuid } from './test-support/contract-values.js';

const other = '8b2d4f6a-1c3e-4a5b-8d7f-9e0a1b2c3d4e';

describe('messageIdAndStatus', () => {
  it.each([
    ['id and status', { id: uuid, status: 'sent' }, `${uuid} sent`],
    ['id alone (a reply)', { id: uuid }, uuid],
    ['no id', { status: 'sent' }, undefined],
    ['nothing', {}, undefined],
    ['an id in capitals, as lower case (RFC 9562: one UUID, either case)', { id: uuid.toUpperCase(), status: 'sent' }, `${uuid} sent`],
  ])('keys %s', (_title, body, key) => {
    expect(messageIdAndStatus(body)).toBe(key);
  });

  // Section 2.2 gives ReplyCallback's `id` as a string uuid, no more: whether it names the reply or
  // the message replied to is not shown. Keying a reply by its id alone merges two replies that
  // share one, so the README says that this is the package's reading, and what it costs otherwise.
  it('keys two replies with one id alike, and the README says so as this package\'s reading', async () => {
    const handled: string[] = [];
    const onReply = deduplicate<{ id?: string; content?: string }>((reply) => void handled.push(reply.content!));
    await onReply({ id: uuid, content: 'Yes' });
    await onReply({ id: uuid, content: 'No, Friday' });
    expect(handled).toEqual(['Yes']);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain("keying a reply by its id alone is this package's reading that the id names the reply itself");
    expect(readme).toContain('a second reply to one message would be answered 200 without reaching your handler');
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

  it('keeps the newest maxEntries keys and forgets in insertion order, against a model', () => {
    // Operations on a small store, compared with a plain list of keys oldest first.
    const op = fc.oneof(
      fc.record({ add: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ delete: fc.integer({ min: 0, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 80 }), (maxEntries, ops) => {
        const store = createMemoryDedupStore({ maxEntries });
        let model: string[] = [];
        for (const o of ops) {
          if ('add' in o) {
            const key = `k${o.add}`;
            const fresh = !model.includes(key);
            expect(store.add(key)).toBe(fresh);
            if (fresh) model.push(key);
            if (model.length > maxEntries) model = model.slice(1);
          } else {
            const key = `k${o.delete}`;
            store.delete(key);
            model = model.filter((k) => k !== key);
          }
          expect(store.size).toBe(model.length);
          expect(store.size).toBeLessThanOrEqual(maxEntries);
        }
        // What is left is exactly the model: each of its keys is still a duplicate.
        for (const key of model) expect(store.add(key)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('drops expired keys first and never exceeds maxEntries with ttlMs', () => {
    let now = 0;
    const store = createMemoryDedupStore({ maxEntries: 3, ttlMs: 10, now: () => now });
    store.add('a');
    now = 5;
    store.add('b');
    now = 10; // a expired
    store.add('c');
    expect(store.size).toBe(2);
    store.add('d');
    store.add('e'); // full: b is the oldest
    expect(store.size).toBe(3);
    expect(store.add('c')).toBe(false);
    expect(store.add('b')).toBe(true);
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

  it('lets one of two concurrent duplicates through, and settles both with its outcome', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handle = deduplicate(async () => {
      calls++;
      await gate;
    });
    const first = handle({ id: uuid, status: 'sent' });
    const second = handle({ id: uuid, status: 'sent' });
    let secondSettled = false;
    void second.then(() => (secondSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(1);
    expect(secondSettled).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(calls).toBe(1);
  });

  it('treats the same UUID in either letter case as one message', async () => {
    let calls = 0;
    const handle = deduplicate(() => void calls++);
    await handle({ id: uuid, status: 'sent' });
    await handle({ id: uuid.toUpperCase(), status: 'sent' });
    expect(calls).toBe(1);
  });

  it('refuses a duplicate whose first attempt runs in another process, and confirms its own success', async () => {
    // A store shared by two processes, as a Redis store would be: each key is 'running' until the
    // attempt holding it calls done(), then 'handled'.
    const shared = new Map<string, 'running' | 'handled'>();
    const sharedStore = (): DedupStore => ({
      add: async (key) => {
        const state = shared.get(key);
        if (state === undefined) return void shared.set(key, 'running'), true;
        return state === 'running' ? 'in-flight' : false;
      },
      done: async (key) => void shared.set(key, 'handled'),
      delete: async (key) => void shared.delete(key),
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    const processA = deduplicate(async () => {
      await gate;
      handled.push('A');
    }, { store: sharedStore() });
    const processB = deduplicate(async () => void handled.push('B'), { store: sharedStore() });
    const first = processA({ id: uuid, status: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // B cannot wait for A's attempt, so it refuses: the sender gets 500, and one that redelivers
    // tries again. Whether the service redelivers is not shown (section 6), so the message does not
    // say it will.
    await expect(processB({ id: uuid, status: 'sent' })).rejects.toThrow(
      'this callback is being handled by another attempt; refused (500) so that a sender that redelivers (section 6 does not show whether the service does) tries again',
    );
    release();
    await first;
    expect(shared.get(`${uuid} sent`)).toBe('handled');
    await processB({ id: uuid, status: 'sent' });
    expect(handled).toEqual(['A']);
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

describe('deduplicate behind a receiver, a redelivery while the first attempt is in flight (over HTTP)', () => {
  const running: Running[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  /** A receiver whose handler waits for `settle`; `started` resolves when the first attempt runs. */
  async function setup() {
    const attempts: unknown[] = [];
    const handled: unknown[] = [];
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let settle!: (outcome: 'fail' | 'succeed') => void;
    const outcome = new Promise<'fail' | 'succeed'>((resolve) => (settle = resolve));
    const receiver = createSmsV2StatusReceiver({
      onStatus: deduplicate(async (body) => {
        attempts.push(body);
        if (attempts.length === 1) {
          started();
          if ((await outcome) === 'fail') throw new Error('database down');
        }
        handled.push(body);
      }),
    });
    const server = await listen(receiver.node);
    running.push(server);
    return { url: server.url, attempts, handled, firstStarted, settle };
  }

  const body = { id: uuid, status: 'sent' };

  it('answers the redelivery 500 when the first attempt then fails, so the sender retries and it is handled', async () => {
    const { url, handled, firstStarted, settle } = await setup();
    const first = postJson(url, body);
    await firstStarted;
    const redelivery = postJson(url, body);
    // Give the redelivery time to reach the receiver while the first attempt is still running.
    await new Promise((resolve) => setTimeout(resolve, 50));
    settle('fail');
    const answers = await Promise.all([first, redelivery]);
    expect(answers.map((a) => a.status)).toEqual([500, 500]);
    expect(handled).toEqual([]);
    // Nothing was acknowledged, so the sender's retry gets through.
    expect((await postJson(url, body)).status).toBe(200);
    expect(handled).toEqual([body]);
  });

  it('answers the redelivery 200 only once the first attempt has succeeded, without a second call', async () => {
    const { url, attempts, handled, firstStarted, settle } = await setup();
    const first = postJson(url, body);
    await firstStarted;
    let redeliveryAnswered = false;
    const redelivery = postJson(url, body).then((answer) => ((redeliveryAnswered = true), answer));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redeliveryAnswered).toBe(false);
    settle('succeed');
    const answers = await Promise.all([first, redelivery]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(attempts).toHaveLength(1);
    expect(handled).toEqual([body]);
  });
});
