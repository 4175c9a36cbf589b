// A closed-loop load generator: `connections` workers on an undici Pool, each sending the next
// request when its answer is read, for a fixed time. Latency per request from hrtime.
import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than the expected status. */
  unexpected: number;
}

export interface Target {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  expect: number;
}

/** Latencies and elapsed time of several slices of one target, to summarise together. */
export interface Samples {
  latencies: number[];
  elapsedMs: number;
  unexpected: number;
}

export const emptySamples = (): Samples => ({ latencies: [], elapsedMs: 0, unexpected: 0 });

export function summarise(samples: Samples): LoadResult {
  const latencies = [...samples.latencies].sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    rps: (latencies.length / samples.elapsedMs) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    unexpected: samples.unexpected,
  };
}

export async function load(
  target: Target,
  connections: number,
  durationMs: number,
  maxRequests = Infinity,
  samples: Samples = emptySamples(),
): Promise<LoadResult> {
  const pool = new Pool(target.origin, { connections, pipelining: 1 });
  const latencies = samples.latencies;
  let unexpected = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + durationMs;
  async function worker() {
    while (performance.now() < end && sent < maxRequests) {
      sent++;
      const t0 = performance.now();
      const { statusCode, body } = await pool.request({ method: 'POST', path: target.path, headers: target.headers, body: target.body });
      await body.dump();
      latencies.push(performance.now() - t0);
      if (statusCode !== target.expect) unexpected++;
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  samples.elapsedMs += performance.now() - started;
  samples.unexpected += unexpected;
  await pool.close();
  return summarise(samples);
}
