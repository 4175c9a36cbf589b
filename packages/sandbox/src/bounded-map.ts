// A Map with a cap: setting a new key beyond the cap evicts the oldest entry (insertion order).
// Every store of the sandbox is one, so memory stays bounded however many calls it serves.
// The order is kept in a queue of its own: V8's Map leaves deleted entries as holes that
// `keys().next()` walks over, which makes evicting through the Map's iterator cost grow with the
// number of evictions since its last rehash.
export class BoundedMap<K, V> extends Map<K, V> {
  private order: K[] = [];
  private head = 0;

  constructor(readonly cap: number) {
    super();
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`a store cap must be a positive integer; got ${cap}`);
  }

  override set(key: K, value: V): this {
    if (!super.has(key)) {
      while (super.size >= this.cap && this.head < this.order.length) super.delete(this.order[this.head++]!);
      this.order.push(key);
      // Keys deleted by hand stay queued until here: drop them, and what was evicted, now and then.
      if (this.head > this.cap || this.order.length - this.head > 2 * this.cap) {
        this.order = this.order.slice(this.head).filter((queued) => super.has(queued) || queued === key);
        this.head = 0;
      }
    }
    return super.set(key, value);
  }

  override clear(): void {
    super.clear();
    this.order = [];
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
