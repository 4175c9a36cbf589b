// Throughput rounds. In a round every contender sends the same N requests (the mix in turn: A, B,
// C, D, A, ...), with at most `concurrency` in flight, but not in one block: the N are cut into
// slices and the contenders take turns slice by slice, the first one rotating, so a burst of
// load from another process on the machine falls on all of them alike. A contender's figure for
// the round is its N requests over the sum of its slices' wall time; its CPU time (this process,
// all threads; the server runs in another) is summed the same way.
import type { Contender, ContenderId } from './contenders.js';

export interface Mode {
  name: string;
  /** Requests per contender per round. */
  requests: number;
  concurrency: number;
  /** Slices a round is cut into (default 8). */
  slices?: number;
}

export interface Measurement {
  /** Wall time, ms. */
  wallMs: number;
  /** CPU time of this process (user + system), ms. */
  cpuMs: number;
}

/** Sends `requests` requests through `send` (operation `i & 3` for the i-th) with at most `concurrency` in flight. */
export async function measure(send: (k: number) => Promise<unknown>, requests: number, concurrency: number): Promise<Measurement> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests; i = next++) await send(i & 3);
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

/** `list` starting at index `start` (mod its length). */
export function rotate<T>(list: readonly T[], start: number): T[] {
  const n = ((start % list.length) + list.length) % list.length;
  return [...list.slice(n), ...list.slice(0, n)];
}

export interface ModeSamples {
  /** Requests per second, one per round. */
  rps: Record<ContenderId, number[]>;
  /** Client CPU µs per request, one per round. */
  cpuUs: Record<ContenderId, number[]>;
}

export type Samples = Record<string, ModeSamples>;

export interface RoundOptions {
  rounds: number;
  /** Stop early, after `minRounds` at least, when another round would end past this many ms. */
  budgetMs?: number;
  minRounds?: number;
  /** Called between rounds (the CLI collects garbage there, when node runs with --expose-gc). */
  settle?: () => void;
  onRound?: (round: number, samples: Samples) => void;
}

/** Runs up to `rounds` rounds of every mode; returns one sample per round run, per mode and contender. */
export async function runRounds(list: Contender[], modes: Mode[], options: RoundOptions): Promise<Samples> {
  const samples: Samples = {};
  const perContender = () => Object.fromEntries(list.map((c) => [c.id, [] as number[]])) as Record<ContenderId, number[]>;
  for (const mode of modes) samples[mode.name] = { rps: perContender(), cpuUs: perContender() };
  const started = performance.now();
  let turn = 0;
  for (let round = 0; round < options.rounds; round++) {
    for (const mode of modes) {
      options.settle?.();
      const slices = Math.max(1, Math.min(mode.slices ?? 8, mode.requests));
      const totals = new Map(list.map((c) => [c.id, { wallMs: 0, cpuMs: 0 }]));
      for (let slice = 0; slice < slices; slice++) {
        // Slice sizes add up to exactly mode.requests.
        const requests = Math.floor(((slice + 1) * mode.requests) / slices) - Math.floor((slice * mode.requests) / slices);
        for (const contender of rotate(list, turn++)) {
          const { wallMs, cpuMs } = await measure(contender.send, requests, mode.concurrency);
          const total = totals.get(contender.id)!;
          total.wallMs += wallMs;
          total.cpuMs += cpuMs;
        }
      }
      for (const [id, total] of totals) {
        samples[mode.name]!.rps[id].push(mode.requests / (total.wallMs / 1000));
        samples[mode.name]!.cpuUs[id].push((total.cpuMs * 1000) / mode.requests);
      }
    }
    options.onRound?.(round, samples);
    const elapsed = performance.now() - started;
    if (round + 1 >= (options.minRounds ?? 1) && (elapsed / (round + 1)) * (round + 2) > (options.budgetMs ?? Infinity)) break;
  }
  return samples;
}
