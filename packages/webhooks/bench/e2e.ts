// End to end over loopback: callbacks per second through this package's Node handler beside a bare
// node:http server, at concurrency 32 with keep-alive, in interleaved rounds.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { smsV2Status } from './bodies.js';
import { median } from './stats.js';

export interface ServerFigure {
  server: 'receiver' | 'bare';
  requests: number;
  rps: number[];
  medianRps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  handled: number;
}

interface Running {
  child: ChildProcess;
  pool: Pool;
}

async function startServer(kind: 'receiver' | 'bare'): Promise<Running> {
  const child = fork(fileURLToPath(new URL('./server.js', import.meta.url)), [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  const pool = new Pool(`http://127.0.0.1:${port}`, {
    connections: 32,
    pipelining: 1,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  return { child, pool };
}

const ask = (child: ChildProcess) =>
  new Promise<number>((resolve) => {
    child.once('message', (message) => resolve((message as { handled: number }).handled));
    child.send('handled?');
  });

const payloads = smsV2Status.valid.map((body) => JSON.stringify(body));
const headers = { 'content-type': 'application/json' };

/** `count` requests, `concurrency` at a time; latencies in ms into `latencies` from `offset`. */
async function round(pool: Pool, count: number, concurrency: number, latencies: Float64Array, offset: number) {
  let next = 0;
  let errors = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      try {
        const { statusCode, body } = await pool.request({
          path: '/callbacks',
          method: 'POST',
          headers,
          body: payloads[i % payloads.length],
        });
        await body.dump();
        if (statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      latencies[offset + i] = performance.now() - started;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rps: count / ((performance.now() - started) / 1000), errors };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function benchEndToEnd({ rounds = 6, requestsPerRound = 20_000, warmup = 5_000, concurrency = 32 } = {}) {
  const kinds = ['receiver', 'bare'] as const;
  const servers = { receiver: await startServer('receiver'), bare: await startServer('bare') };
  try {
    const scratch = new Float64Array(warmup);
    for (const kind of kinds) await round(servers[kind].pool, warmup, concurrency, scratch, 0);
    const handledBefore = { receiver: await ask(servers.receiver.child), bare: await ask(servers.bare.child) };
    const latencies = { receiver: new Float64Array(rounds * requestsPerRound), bare: new Float64Array(rounds * requestsPerRound) };
    const rps = { receiver: [] as number[], bare: [] as number[] };
    const errors = { receiver: 0, bare: 0 };
    for (let r = 0; r < rounds; r++) {
      // Alternate which server goes first, so neither always runs on a warmer or quieter machine.
      for (const kind of r % 2 === 0 ? kinds : ([...kinds].reverse() as typeof kinds[number][])) {
        const result = await round(servers[kind].pool, requestsPerRound, concurrency, latencies[kind], r * requestsPerRound);
        rps[kind].push(result.rps);
        errors[kind] += result.errors;
      }
    }
    const figures: ServerFigure[] = [];
    for (const kind of kinds) {
      const sorted = latencies[kind].slice().sort();
      figures.push({
        server: kind,
        requests: rounds * requestsPerRound,
        rps: rps[kind],
        medianRps: median(rps[kind]),
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        errors: errors[kind],
        handled: (await ask(servers[kind].child)) - handledBefore[kind],
      });
    }
    return figures;
  } finally {
    for (const { child, pool } of Object.values(servers)) {
      await pool.close();
      child.send('stop');
    }
  }
}
