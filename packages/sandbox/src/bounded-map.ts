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

  constructor(readonly cap: number) {
    super();
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`a store cap must be a positive integer; got ${cap}`);
  }

  override set(key: K, value: V): this {
    if (!super.has(key)) {
      while (super.size >= this.cap && this.head < this.order.length) {
        const oldest = this.order[this.head++]!;
        if (!this.skipStale(oldest)) super.delete(oldest);
      }
      this.order.push(key);
      // Evicted and stale occurrences stay queued until here: drop them now and then.
      if (this.head > this.cap || this.order.length - this.head > 2 * this.cap) this.compact();
    }
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const deleted = super.delete(key);
    if (deleted) this.stale.set(key, (this.stale.get(key) ?? 0) + 1);
    return deleted;
  }

  override clear(): void {
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
  private next = 0;
  constructor(readonly cap: number) {
    if (!Number.isSafeInteger(cap) || cap < 0) throw new RangeError(`a log cap must be a non-negative integer; got ${cap}`);
  }
  push(item: T): void {
    if (this.cap === 0) return;
    if (this.items.length < this.cap) this.items.push(item);
    else this.items[this.next] = item;
    this.next = (this.next + 1) % this.cap;
  }
  /** Oldest first. */
  list(): T[] {
    return this.items.length < this.cap ? [...this.items] : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
  clear(): void {
    this.items = [];
    this.next = 0;
  }
}
