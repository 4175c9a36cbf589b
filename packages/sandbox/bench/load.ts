// A closed-loop load generator: `connections` keep-alive connections, each sending the next
// request when its answer is read, for a fixed time. Latency per request from performance.now().
import { connect } from 'node:net';

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

/**
 * One keep-alive connection that sends a prepared HTTP/1.1 request and reads one response at a
 * time (Content-Length or chunked). Far cheaper per request than a general client, so on a small
 * machine the servers measured, not the generator, set the pace.
 */
function connection(origin: URL, request: Buffer) {
  const socket = connect({ host: origin.hostname, port: Number(origin.port) });
  socket.setNoDelay(true);
  let buffer: Buffer = Buffer.alloc(0);
  let pending: ((status: number) => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    const headEnd = buffer.indexOf('\r\n\r\n');
    if (headEnd < 0 || !pending) return;
    const head = buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number;
    if (length) end = headEnd + 4 + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = buffer.indexOf('\r\n0\r\n\r\n', headEnd);
      end = last < 0 ? Infinity : last + 7;
    } else end = headEnd + 4;
    if (buffer.length < end) return;
    buffer = buffer.subarray(end);
    const done = pending;
    pending = undefined;
    done(status);
  });
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    ready,
    send: () =>
      new Promise<number>((resolve) => {
        pending = resolve;
        socket.write(request);
      }),
    close: () => socket.destroy(),
  };
}

export async function load(
  target: Target,
  connections: number,
  durationMs: number,
  maxRequests = Infinity,
  samples: Samples = emptySamples(),
): Promise<LoadResult> {
  const origin = new URL(target.origin);
  const body = Buffer.from(target.body);
  const head = [`POST ${target.path} HTTP/1.1`, `host: ${origin.host}`, `content-length: ${body.length}`, ...Object.entries(target.headers).map(([k, v]) => `${k}: ${v}`)];
  const request = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
  const pool = Array.from({ length: connections }, () => connection(origin, request));
  await Promise.all(pool.map((c) => c.ready));
  const latencies = samples.latencies;
  let unexpected = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + durationMs;
  async function worker(c: ReturnType<typeof connection>) {
    while (performance.now() < end && sent < maxRequests) {
      sent++;
      const t0 = performance.now();
      const status = await c.send();
      latencies.push(performance.now() - t0);
      if (status !== target.expect) unexpected++;
    }
  }
  await Promise.all(pool.map(worker));
  samples.elapsedMs += performance.now() - started;
  samples.unexpected += unexpected;
  for (const c of pool) c.close();
  return summarise(samples);
}
