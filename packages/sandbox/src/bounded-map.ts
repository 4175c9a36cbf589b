// A map with a cap: setting a new key beyond the cap evicts the oldest entry (insertion order).
// Every store of the sandbox is one, so memory stays bounded however many calls it serves.
// Each key's value lives in one record (its Slot), which is also its place in the eviction queue
// and its charge against the shared byte budget: setting a new key costs one record and three
// hash operations (has, set, and the evicted key's delete), no closure and no side map, since
// every request that creates something sets one (`pnpm bench`). The queue is an array of its own
// because V8's Map leaves deleted entries as holes that `keys().next()` walks over, which makes
// evicting through the Map's iterator cost grow with the number of evictions since its last rehash.

/**
 * Something charged against a ByteBudget: its size, whether it has been released (by its owner, or
 * evicted by the budget), and how the budget evicts it. Each charge object is charged once.
 */
export interface Charge {
  bytes: number;
  released: boolean;
  evict(): void;
}

/** One key of a BoundedMap: its value, its place in the queue, and (normally) its own charge. */
class Slot<K, V> implements Charge {
  released = true;
  /** Set once the key is deleted or evicted: its queued place is then skipped. */
  removed = false;
  /** The charge of the current value: the slot itself, or a Recharge after the value was replaced. */
  charge: Charge = this;
  constructor(
    readonly owner: BoundedMap<K, V>,
    readonly key: K,
    public value: V,
    public bytes: number,
  ) {}
  evict(): void {
    this.owner.remove(this);
  }
}

/** The charge of a replaced value (a key set again keeps its place in the queue). */
class Recharge<K, V> implements Charge {
  released = true;
  constructor(
    readonly slot: Slot<K, V>,
    public bytes: number,
  ) {}
  evict(): void {
    if (this.slot.charge === this) this.slot.owner.remove(this.slot);
  }
}

export class BoundedMap<K, V> {
  private readonly slots = new Map<K, Slot<K, V>>();
  private order: Slot<K, V>[] = [];
  private head = 0;

  constructor(
    readonly cap: number,
    private readonly budget?: ByteBudget,
  ) {
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`a store cap must be a positive integer; got ${cap}`);
  }

  get size(): number {
    return this.slots.size;
  }

  /** The bytes all stores sharing this one's budget may hold, if it has one: more set at once evicts some of them. */
  get byteCap(): number | undefined {
    return this.budget?.cap;
  }

  get(key: K): V | undefined {
    return this.slots.get(key)?.value;
  }

  has(key: K): boolean {
    return this.slots.has(key);
  }

  /** Sets `key`; `bytes` is what the entry costs against the byte budget (its JSON text's size). */
  set(key: K, value: V, bytes = 0): this {
    const existing = this.slots.get(key);
    if (existing) {
      existing.value = value;
      if (this.budget) {
        this.budget.release(existing.charge);
        existing.charge = new Recharge(existing, bytes);
        this.budget.charge(existing.charge);
      }
      return this;
    }
    while (this.slots.size >= this.cap && this.head < this.order.length) {
      const oldest = this.order[this.head++]!;
      if (!oldest.removed) this.remove(oldest);
    }
    const slot = new Slot(this, key, value, bytes);
    this.slots.set(key, slot);
    this.order.push(slot);
    // Evicted and deleted slots stay queued until here: drop them now and then.
    if (this.head > this.cap || this.order.length - this.head > 2 * this.cap) this.compact();
    // Charged last: a budget past its cap may evict older entries of this very map.
    this.budget?.charge(slot);
    return this;
  }

  delete(key: K): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.remove(slot);
    return true;
  }

  /**
   * Removes a live slot (deleted, or evicted by count or by the byte budget). Its value is dropped
   * at once: the slot itself stays queued here and in the budget until the next compaction.
   */
  remove(slot: Slot<K, V>): void {
    if (slot.removed) return;
    slot.removed = true;
    this.budget?.release(slot.charge);
    slot.value = undefined as V;
    this.slots.delete(slot.key);
  }

  clear(): void {
    for (const slot of this.slots.values()) {
      slot.removed = true;
      this.budget?.release(slot.charge);
      slot.value = undefined as V;
    }
    this.slots.clear();
    this.order = [];
    this.head = 0;
  }

  *keys(): IterableIterator<K> {
    yield* this.slots.keys();
  }

  *values(): IterableIterator<V> {
    for (const slot of this.slots.values()) yield slot.value;
  }

  private compact(): void {
    const live: Slot<K, V>[] = [];
    for (let i = this.head; i < this.order.length; i++) {
      const slot = this.order[i]!;
      if (!slot.removed) live.push(slot);
    }
    this.order = live;
    this.head = 0;
  }
}

/**
 * A log entry's charge: when the budget evicts it, `strip` drops the entry's heavy parts. The
 * entry is let go once its charge is released (it may stay queued in the budget a while).
 */
class LogCharge<T> implements Charge {
  released = true;
  constructor(
    public item: T | undefined,
    public bytes: number,
    readonly strip: (item: T) => void,
  ) {}
  evict(): void {
    if (this.item !== undefined) this.strip(this.item);
    this.item = undefined;
  }
  /** Released by the log (overwritten or cleared). */
  drop(budget: ByteBudget): void {
    budget.release(this);
    this.item = undefined;
  }
}

/** An append-only log with a cap, as a ring: the oldest entries are overwritten first. */
export class BoundedLog<T> {
  private items: T[] = [];
  private charges: (LogCharge<T> | undefined)[] = [];
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
    const charge = this.budget && strip ? new LogCharge(item, bytes, strip) : undefined;
    if (this.items.length < this.cap) {
      this.items.push(item);
      this.charges.push(charge);
    } else {
      if (this.budget) this.charges[this.next]?.drop(this.budget);
      this.items[this.next] = item;
      this.charges[this.next] = charge;
    }
    this.next = (this.next + 1) % this.cap;
    if (charge) this.budget!.charge(charge);
  }
  /** Oldest first. */
  list(): T[] {
    return this.items.length < this.cap ? [...this.items] : [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
  clear(): void {
    if (this.budget) for (const charge of this.charges) charge?.drop(this.budget);
    this.items = [];
    this.charges = [];
    this.next = 0;
  }
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
  /** Released charges still queued after `head` (released by their store: replaced, deleted, evicted by count). */
  private freed = 0;

  constructor(readonly cap: number) {
    if (!Number.isSafeInteger(cap) || cap < 1) throw new RangeError(`a byte budget must be a positive integer; got ${cap}`);
  }

  /** Charges `charge` (not charged before): queued as the newest, then the oldest evicted while past the cap. */
  charge(charge: Charge): void {
    charge.released = false;
    this.queue.push(charge);
    this.used += charge.bytes;
    while (this.used > this.cap && this.head < this.queue.length - 1) {
      const oldest = this.queue[this.head++]!;
      this.freed--;
      if (oldest.released) continue;
      this.release(oldest);
      oldest.evict();
    }
    // Released charges stay queued until here: dropped once they are most of the queue, so the
    // queue holds about as many charges as there are live entries (amortised O(1) per charge).
    const waste = this.head + this.freed;
    if (waste > 1024 && waste * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head).filter((c) => !c.released);
      this.head = 0;
      this.freed = 0;
    }
  }

  release(charge: Charge | undefined): void {
    if (!charge || charge.released) return;
    charge.released = true;
    this.used -= charge.bytes;
    this.freed++;
  }

  /** Charges queued (live and released not yet dropped): for the tests of the bound itself. */
  get queued(): number {
    return this.queue.length - this.head;
  }
}
