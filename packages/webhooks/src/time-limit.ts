// The handler time limit. One timer per receiver, not one per callback: every wait has the same
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

  return {
    within<T>(pending: PromiseLike<T>) {
      return new Promise<T | typeof timedOut>((resolve, reject) => {
        let settled = false;
        const wait: Wait = {
          deadline: now() + ms,
          expire: () => {
            settled = true;
            resolve(timedOut);
          },
        };
        waits.add(wait);
        if (timer === undefined) arm(ms);
        pending.then(
          (value) => {
            waits.delete(wait);
            if (!settled) resolve(value);
          },
          (error: unknown) => {
            waits.delete(wait);
            if (!settled) reject(error);
          },
        );
      });
    },
  };
}
