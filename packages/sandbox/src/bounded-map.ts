// A Map with a cap: setting a new key beyond the cap evicts the oldest entry (insertion order).
// Every store of the sandbox is one, so memory stays bounded however many calls it serves.
// The order is kept in a queue of its own: V8's Map leaves deleted entries as holes that
// `keys().next()` walks over, which makes evicting through the Map's iterator cost grow with the
// number of evictions since its last rehash.
export class BoundedMap<K, V> extends Map<K, V> {
  private order: K[] = [];
  private head = 0;
  /**
   * Queued occurrences of keys deleted by hand, per key. Such an occurrence is stale: the key may
   * have been set again since (and queued again, behind it), so eviction skips it instead of
   * deleting the newer entry.
   */
  private stale = new Map<K, number>();
  /** Each entry's charge against the shared byte budget, when there is one. */
  private charges = new Map<K, Charge>();

  constructor(
    readonly cap: number,
    private readonly budget?: ByteBudget,
  ) {
    super();
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`a store cap must be a positive integer; got ${cap}`);
  }

  /** Sets `key`; `bytes` is what the entry costs against the byte budget (its JSON text's size). */
  override set(key: K, value: V, bytes = 0): this {
    if (this.budget) {
      this.budget.release(this.charges.get(key));
      this.charges.set(key, this.budget.charge(bytes, () => this.delete(key)));
    }
    if (!super.has(key)) {
      while (super.size >= this.cap && this.head < this.order.length) {
        const oldest = this.order[this.head++]!;
        if (!this.skipStale(oldest)) {
          this.budget?.release(this.charges.get(oldest));
          this.charges.delete(oldest);
          super.delete(oldest);
        }
      }
      this.order.push(key);
      // Evicted and stale occurrences stay queued until here: drop them now and then.
      if (this.head > this.cap || this.order.length - this.head > 2 * this.cap) this.compact();
    }
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    if (this.budget) {
      this.budget.release(this.charges.get(key));
      this.charges.delete(key);
    }
    const deleted = super.delete(key);
    if (deleted) this.stale.set(key, (this.stale.get(key) ?? 0) + 1);
    return deleted;
  }

  override clear(): void {
    for (const charge of this.charges.values()) this.budget?.release(charge);
    this.charges.clear();
    super.clear();
    this.order = [];
    this.head = 0;
    this.stale.clear();
  }

  /** True when this queued occurrence of `key` is stale (and is now consumed). */
  private skipStale(key: K): boolean {
    const count = this.stale.get(key);
    if (count === undefined) return false;
    if (count === 1) this.stale.delete(key);
    else this.stale.set(key, count - 1);
    return true;
  }

  private compact(): void {
    const live: K[] = [];
    // A stale occurrence always precedes its key's live one, so dropping them in order is exact.
    for (let i = this.head; i < this.order.length; i++) {
      const key = this.order[i]!;
      if (!this.skipStale(key)) live.push(key);
    }
    this.order = live;
    this.head = 0;
  }
}

/** An append-only log with a cap, as a ring: the oldest entries are overwritten first. */
export class BoundedLog<T> {
  private items: T[] = [];
  private charges: (Charge | undefined)[] = [];
  private next = 0;
  constructor(
    readonly cap: number,
    private readonly budget?: ByteBudget,
  ) {
    if (!Number.isSafeInteger(cap) || cap < 0) throw new RangeError(`a log cap must be a non-negative integer; got ${cap}`);
  }
  /**
   * Appends `item`. With a byte budget, `bytes` is charged, and when the budget evicts it `strip`
   * drops the item's heavy parts (the entry itself stays, marked by `strip`).
   */
  push(item: T, bytes = 0, strip?: (item: T) => void): void {
    if (this.cap === 0) return;
    const charge = this.budget && strip ? this.budget.charge(bytes, () => strip(item)) : undefined;
    if (this.items.length < this.cap) {
      this.items.push(item);
      this.charges.push(charge);
    } else {
      this.budget?.release(this.charges[this.next]);
      this.items[this.next] = item;
      this.charges[this.next] = charge;
    }
    this.next = (this.next + 1) % this.cap;
  }
  /** Oldest first. */
  list(): T[] {
    return this.items.length < this.cap ? [...this.items] : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
  clear(): void {
    for (const charge of this.charges) this.budget?.release(charge);
    this.items = [];
    this.charges = [];
    this.next = 0;
  }
}

/** One charge against a ByteBudget: its size, and how to free it (undefined once freed). */
export interface Charge {
  bytes: number;
  evict: (() => void) | undefined;
}

/**
 * A byte budget shared by many stores or logs (every scope's): past its cap, the oldest charges
 * anywhere are evicted first, so the sandbox's memory is bounded in bytes whatever the number of
 * sessions and whatever the size of each entry. The newest charge is never evicted by itself.
 */
export class ByteBudget {
  used = 0;
  private queue: Charge[] = [];
  private head = 0;
  /** Freed charges still queued after `head` (freed by their store: replaced, deleted, evicted by count). */
  private freed = 0;

  constructor(readonly cap: number) {
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`a byte budget must be a positive integer; got ${cap}`);
  }

  charge(bytes: number, evict: () => void): Charge {
    const charge: Charge = { bytes, evict };
    this.queue.push(charge);
    this.used += bytes;
    while (this.used > this.cap && this.head < this.queue.length - 1) {
      const oldest = this.queue[this.head++]!;
      const free = oldest.evict;
      if (!free) {
        this.freed--;
        continue;
      }
      this.release(oldest);
      this.freed--;
      free();
    }
    // Freed charges stay queued until here: dropped once they are most of the queue, so the queue
    // holds about as many charges as there are live entries (amortised O(1) per charge).
    const waste = this.head + this.freed;
    if (waste > 1024 && waste * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head).filter((c) => c.evict !== undefined);
      this.head = 0;
      this.freed = 0;
    }
    return charge;
  }

  release(charge: Charge | undefined): void {
    if (!charge?.evict) return;
    charge.evict = undefined;
    this.used -= charge.bytes;
    this.freed++;
  }

  /** Charges queued (live and freed not yet dropped): for the tests of the bound itself. */
  get queued(): number {
    return this.queue.length - this.head;
  }
}
