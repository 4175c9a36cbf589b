// Section 6 leaves the sender's retry behaviour unshown, so the same callback may arrive more than
// once. This wrapper lets a handler see each (message id, status) once.
import type { CallbackHandler } from './receivers.js';

/** Where seen keys live. Bring your own (Redis `SET key 1 NX EX ttl`, a database unique key, ...). */
export interface DedupStore {
  /**
   * Records `key`. Resolves `true` when it was not there (first delivery), `false` when it was and
   * was handled, and, for a store that can tell (one shared by several processes), `'in-flight'`
   * when an attempt holds it that has not called `done` yet. Must be atomic: two concurrent calls
   * with one key must not both get `true`.
   */
  add(key: string): DedupAdd | Promise<DedupAdd>;
  /** Optional: marks `key` handled after the handler succeeded, so later adds get `false`. */
  done?(key: string): void | Promise<void>;
  /** Forgets `key`, so a redelivery after a failed handler is processed again. */
  delete(key: string): void | Promise<void>;
}

/** What `DedupStore.add` found: new (`true`), handled (`false`), or held by an unfinished attempt. */
export type DedupAdd = boolean | 'in-flight';

/**
 * Thrown by a `deduplicate`d handler for a duplicate whose first attempt runs elsewhere (another
 * process sharing the store): it cannot be awaited from here, so the sender gets 500, and a sender
 * that redelivers tries again (whether the service redelivers is not shown, section 6).
 */
export class DuplicateInFlightError extends Error {
  constructor() {
    super('this callback is being handled by another attempt; refused (500) so that a sender that redelivers (section 6 does not show whether the service does) tries again');
    this.name = 'DuplicateInFlightError';
  }
}

export interface MemoryDedupStoreOptions {
  /** Most keys kept; the oldest is forgotten first. Default 100000. */
  maxEntries?: number;
  /** Forget a key after this many milliseconds. Default: only when evicted by `maxEntries`. */
  ttlMs?: number;
  /** Clock, in milliseconds; for tests. Default `Date.now`. */
  now?: () => number;
}

export interface MemoryDedupStore extends DedupStore {
  /** In one process `deduplicate` itself knows what is in flight, so this store never says `'in-flight'`. */
  add(key: string): boolean;
  readonly size: number;
}

interface Entry {
  key: string;
  expiry: number;
  older: Entry | undefined;
  newer: Entry | undefined;
}

/**
 * A bounded in-process store: one process's memory, lost on restart. Every operation is O(1):
 * keys are kept in a doubly linked list, oldest first, beside a Map from key to list entry.
 * (Evicting with `map.keys().next()` is not: V8 leaves deleted entries as holes the iterator walks
 * over, so once the store was full each add cost time proportional to the evictions so far.)
 */
export function createMemoryDedupStore(options: MemoryDedupStoreOptions = {}): MemoryDedupStore {
  const { maxEntries = 100_000, ttlMs, now = Date.now } = options;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries must be a positive integer; got ${String(maxEntries)}`);
  }
  if (ttlMs !== undefined && !(typeof ttlMs === 'number' && ttlMs > 0 && Number.isFinite(ttlMs))) {
    throw new RangeError(`ttlMs must be a positive number of milliseconds; got ${String(ttlMs)}`);
  }
  const entries = new Map<string, Entry>();
  let oldest: Entry | undefined;
  let newest: Entry | undefined;

  function unlink(entry: Entry): void {
    if (entry.older) entry.older.newer = entry.newer;
    else oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else newest = entry.older;
    entries.delete(entry.key);
  }

  return {
    get size() {
      return entries.size;
    },
    add(key) {
      // Without a TTL no clock is read. With one TTL for all keys they expire oldest first: drop
      // the expired ones at the head.
      const t = ttlMs === undefined ? 0 : now();
      if (ttlMs !== undefined) while (oldest !== undefined && oldest.expiry <= t) unlink(oldest);
      if (entries.has(key)) return false;
      const expiry = ttlMs === undefined ? Infinity : t + ttlMs;
      let entry: Entry;
      if (entries.size === maxEntries) {
        // Full: evict the oldest and reuse its entry, so a full store allocates nothing per add.
        entry = oldest!;
        unlink(entry);
        entry.key = key;
        entry.expiry = expiry;
        entry.older = newest;
        entry.newer = undefined;
      } else {
        entry = { key, expiry, older: newest, newer: undefined };
      }
      if (newest) newest.newer = entry;
      else oldest = entry;
      newest = entry;
      entries.set(key, entry);
      return true;
    },
    delete(key) {
      const entry = entries.get(key);
      if (entry) unlink(entry);
    },
  };
}

/**
 * Default key: the message id (in lower case) and status (a status callback), or the id alone
 * (a reply, or a status callback without status). A body without `id` has no key and is never suppressed.
 * A reply keyed by its id alone reads that id as the reply's own: section 2.2 gives it only as a
 * string uuid, and were it the id of the message replied to, two replies to one message would share
 * a key (README, "Redelivery": pass a `key` holding more of the reply then).
 */
export function messageIdAndStatus(body: { id?: string; status?: string }): string | undefined {
  if (typeof body.id !== 'string') return undefined;
  // A UUID's hex digits may come in either case (RFC 9562 section 4); both name one message.
  const id = body.id.toLowerCase();
  return typeof body.status === 'string' ? `${id} ${body.status}` : id;
}

export interface DeduplicateOptions<T> {
  /** Default: a new `createMemoryDedupStore()`. */
  store?: DedupStore;
  /** Default: `messageIdAndStatus`. `undefined` means "cannot tell": the handler runs. */
  key?: (body: T) => string | undefined;
}

/**
 * Wraps a callback handler so a body whose key was already seen is acknowledged without calling
 * it again. If the handler throws, the key is forgotten: the sender gets 500, and its redelivery
 * is processed.
 *
 * A duplicate arriving while the first attempt is still running waits for that attempt and ends
 * as it does: resolved once it succeeded (so the sender gets 200 only for a handled callback),
 * rejected with its error if it failed (so the sender gets 500, and one that redelivers tries again;
 * whether the service redelivers is not shown, section 6). Answering it at once would acknowledge a
 * callback whose only attempt may still fail; refusing it at once would make a redelivering sender
 * retry callbacks that were about to succeed. Waiting is bounded by the receiver's
 * `handlerTimeoutMs`. That covers duplicates within one process (one `deduplicate` wrapper). A
 * duplicate whose first attempt runs in another process (the store's `add` resolves
 * `'in-flight'`) cannot be awaited, so it is refused with `DuplicateInFlightError` (500, for a
 * sender that redelivers to try again).
 */
export function deduplicate<T extends { id?: string; status?: string }>(
  handler: CallbackHandler<T>,
  options: DeduplicateOptions<T> = {},
): (body: T) => Promise<void> {
  const store = options.store ?? createMemoryDedupStore();
  const keyOf = options.key ?? messageIdAndStatus;
  const inFlight = new Map<string, Promise<void>>();
  const attempt = async (key: string, body: T): Promise<void> => {
    const added = await store.add(key);
    if (added === 'in-flight') throw new DuplicateInFlightError();
    if (!added) return;
    try {
      await handler(body);
    } catch (error) {
      await store.delete(key);
      throw error;
    }
    await store.done?.(key);
  };
  return (body) => {
    let key: string | undefined;
    try {
      key = keyOf(body);
    } catch (error) {
      return Promise.reject(error);
    }
    if (key === undefined) return (async () => handler(body))();
    const running = inFlight.get(key);
    if (running) return running;
    // Registered before the first await, so a duplicate in the same tick finds it.
    const first = attempt(key, body);
    inFlight.set(key, first);
    const done = () => void inFlight.delete(key);
    first.then(done, done);
    return first;
  };
}
