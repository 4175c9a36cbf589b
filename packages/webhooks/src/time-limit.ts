// The handler and body time limits. One timer per receiver, not one per callback: every wait has the same
// length, so deadlines fall in arrival order, and a Set (iterated in insertion order) holds the
// waits oldest first. The timer is armed for the oldest deadline only, and re-armed when it fires.
// (A setTimeout, clearTimeout and Promise.race per callback cost about a third of the receiver's
// end-to-end throughput with an async handler in `pnpm bench`.)

export const timedOut = Symbol('timed out');

interface Wait {
  deadline: number;
  expire: () => void;
}

export interface TimeLimit {
  /**
   * Settles as `pending` does, or with `timedOut` once `ms` have passed. A later failure of
   * `pending` is swallowed, so it never becomes an unhandled rejection.
   */
  within<T>(pending: PromiseLike<T>): Promise<T | typeof timedOut>;
  /**
   * Calls `expire` once `ms` have passed, unless the returned function is called first. For a
   * wait that already has a promise of its own to settle (reading a body), without a second one.
   */
  start(expire: () => void): () => void;
}

export function createTimeLimit(ms: number, now: () => number = Date.now): TimeLimit {
  const waits = new Set<Wait>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function arm(delay: number): void {
    timer = setTimeout(fire, Math.max(0, delay));
    // Pending waits must not keep a process alive that has nothing else to do.
    (timer as { unref?: () => void }).unref?.();
  }

  function fire(): void {
    timer = undefined;
    const t = now();
    for (const wait of waits) {
      if (wait.deadline > t) return arm(wait.deadline - t);
      waits.delete(wait);
      wait.expire();
    }
  }

  function start(expire: () => void): () => void {
    const wait: Wait = { deadline: now() + ms, expire };
    waits.add(wait);
    if (timer === undefined) arm(ms);
    return () => void waits.delete(wait);
  }

  return {
    start,
    within<T>(pending: PromiseLike<T>) {
      return new Promise<T | typeof timedOut>((resolve, reject) => {
        let settled = false;
        const stop = start(() => {
          settled = true;
          resolve(timedOut);
        });
        pending.then(
          (value) => {
            stop();
            if (!settled) resolve(value);
          },
          (error: unknown) => {
            stop();
            if (!settled) reject(error);
          },
        );
      });
    },
  };
}
