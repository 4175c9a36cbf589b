// The in-memory de-duplication store once full: every add of a new key evicts the oldest. Measured
// beside a bare Map doing the least that job needs (set the new key, delete the oldest, both known
// in advance), in interleaved rounds, as adds per second of CPU time.
import { createMemoryDedupStore } from '../src/dedupe.js';
import { median } from './stats.js';

export interface DedupeFigure {
  contender: 'store' | 'bare Map';
  addsPerSecond: number;
}

function cpuSeconds(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}


/** Keys shaped like the default ones (`<uuid> <status>`), made before timing. */
function keys(count: number, offset: number): string[] {
  return Array.from({ length: count }, (_, i) => `${(offset + i).toString(16).padStart(8, '0')}-7a4d-4e8b-9c21-5d6f0a7b8c9d sent`);
}

export function benchDedupe({ maxEntries, adds, rounds }: { maxEntries: number; adds: number; rounds: number }): DedupeFigure[] {
  const filling = keys(maxEntries, 0);
  const fresh = keys(adds, maxEntries);
  const samples: Record<DedupeFigure['contender'], number[]> = { store: [], 'bare Map': [] };
  for (let round = 0; round < rounds; round++) {
    const store = createMemoryDedupStore({ maxEntries });
    for (const key of filling) store.add(key);
    let added = 0;
    const storeSeconds = cpuSeconds(() => {
      for (const key of fresh) if (store.add(key)) added++;
    });
    if (added !== adds || store.size !== maxEntries) throw new Error(`store: ${added} of ${adds} adds new, size ${store.size}`);
    samples.store.push(adds / storeSeconds);

    const map = new Map<string, number>();
    for (const key of filling) map.set(key, Infinity);
    const mapSeconds = cpuSeconds(() => {
      for (let i = 0; i < adds; i++) {
        map.set(fresh[i]!, Infinity);
        map.delete(i < maxEntries ? filling[i]! : fresh[i - maxEntries]!);
      }
    });
    if (map.size !== maxEntries) throw new Error(`bare Map: size ${map.size}`);
    samples['bare Map'].push(adds / mapSeconds);
  }
  return (['store', 'bare Map'] as const).map((contender) => ({ contender, addsPerSecond: median(samples[contender]) }));
}
