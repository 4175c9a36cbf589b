// `pnpm bench` for the clients: throughput of (a) raw fetch, (b) bare openapi-fetch, (c) our
// clients and (d) axios against one loopback server in a child process, sequential and at
// concurrency 32, interleaved over several rounds; then each client's min+gz size and cold import
// time beside openapi-fetch's; then the must-show checks, PASS or FAIL.
//
// Options: --rounds N (default 7), --min-rounds N (default 5), --budget S (seconds for the
// throughput rounds: stop after --min-rounds when the next round would end past it; default 120),
// --sequential N (requests per contender per round, default 800), --concurrent N (default 2400),
// --concurrency N (default 32), --imports N (cold-import samples per package, default 15),
// --quick (2 rounds of 200 and 1000, 3 import samples), --strict (exit 1 when a check fails),
// --breakdown (three more contenders: raw fetch with our time limit's AbortController, timer and
// signal, our clients with timeoutMs 0, and axios with the same 30 s timeout as our default; shows
// what a time limit costs each; then each contender's own CPU per call with fetch stubbed, src/layer.ts).
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { importOnce } from './cold-import.js';
import { layerCost } from './layer.js';
import { type Contender, type ContenderId, contenders } from './contenders.js';
import { loadMix, type Operation } from './mix.js';
import { CLIENTS, OPENAPI_FETCH, type Size, VALIDATED_CLIENTS, bundleSize } from './size.js';
import { median, pairedRatio } from './stats.js';
import { type Mode, measure, rotate, runRounds, type Samples } from './throughput.js';

const RATIO_FLOOR = 0.97;
// The clients' targets, each a ratio within one run: ours / axios req/s at least 1.0 and ours / raw
// fetch at least 0.9, sequential and at concurrency 32; each client at most 2048 B min+gz over
// openapi-fetch. The size budget was raised to 3072 B when the hardening of every client (no
// redirects followed, a response size limit counted while streaming, redaction of every thrown
// shape, body-failure mapping, dot-segment path parameters refused) added about 0.9-1.1 kB; the
// target is 2048 B again, and this check says how far each client is from it (2026-11-28: A +2562,
// B +1666, C +1994, D +2472; A and D carry the int64 check, about 0.5 kB: ARCHITECTURE.md).
const TARGETS: [label: string, top: ContenderId, bottom: ContenderId, floor: number][] = [
  ['ours / axios', 'c', 'd', 1.0],
  ['ours / raw fetch', 'c', 'a', 0.9],
];
const SIZE_LIMIT = 2048;

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string' },
    'min-rounds': { type: 'string' },
    budget: { type: 'string' },
    sequential: { type: 'string' },
    concurrent: { type: 'string' },
    concurrency: { type: 'string' },
    imports: { type: 'string' },
    quick: { type: 'boolean', default: false },
    breakdown: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
const int = (value: string | undefined, fallback: number) => {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`expected a positive integer, got ${value}`);
  return n;
};
const quick = args.quick;
const rounds = int(args.rounds, quick ? 2 : 7);
const minRounds = Math.min(rounds, int(args['min-rounds'], quick ? 2 : 5));
const budgetMs = int(args.budget, 120) * 1000;
const concurrency = int(args.concurrency, 32);
const modes: Mode[] = [
  { name: 'sequential', requests: int(args.sequential, quick ? 200 : 800), concurrency: 1 },
  { name: `concurrency ${concurrency}`, requests: int(args.concurrent, quick ? 1000 : 2400), concurrency },
];
const importSamples = int(args.imports, quick ? 3 : 15);

const gc = (globalThis as { gc?: () => void }).gc;
const settle = () => gc?.();
const pad = (text: string | number, width: number) => String(text).padStart(width);
const padEnd = (text: string, width: number) => text.padEnd(width);
const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(new URL('./server-child.js', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.once('message', (message: { url: string }) => resolve({ child, url: message.url }));
  });
}

function serverCounts(child: ChildProcess): Promise<Record<string, number>> {
  return new Promise((resolve) => {
    child.once('message', (message: { counts: Record<string, number> }) => resolve(message.counts));
    child.send('counts');
  });
}

/** Every contender must return each operation's documented response before anything is timed. */
async function checkContenders(list: Contender[], mix: Operation[]): Promise<void> {
  for (const contender of list) {
    for (const [k, operation] of mix.entries()) {
      const data = await contender.send(k);
      if (!isDeepStrictEqual(data, operation.response)) {
        throw new Error(`${contender.name}: ${operation.key} did not return the documented response`);
      }
    }
  }
}

const IDS: ContenderId[] = args.breakdown ? ['a', 'b', 'c', 'd', 'a2', 'c2', 'd2'] : ['a', 'b', 'c', 'd'];
const NAMES: Record<ContenderId, string> = {
  a: '(a) raw fetch',
  b: '(b) openapi-fetch',
  c: '(c) our clients',
  d: '(d) axios',
  a2: '(a2) raw fetch + signal',
  c2: '(c2) ours, timeoutMs 0',
  d2: '(d2) axios, timeout 30 s',
};

function throughputTable(samples: Samples): string[] {
  const lines: string[] = [];
  const width = 30;
  const row = (label: string, cells: string[]) => lines.push(padEnd(label, 28) + cells.map((c) => pad(c, width)).join(''));
  const spread = (values: number[], digits = 0) =>
    `${fixed(median(values), digits)} (${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)})`;
  row('', modes.map((m) => `${m.name}, ${m.requests}/round`));
  lines.push('req/s, median (min–max)');
  for (const id of IDS) row(`  ${NAMES[id]}`, modes.map((m) => spread(samples[m.name]!.rps[id])));
  lines.push('client CPU µs per request, median (min–max)');
  for (const id of IDS) row(`  ${NAMES[id]}`, modes.map((m) => spread(samples[m.name]!.cpuUs[id])));
  lines.push('ratios, median of the per-round ratios: req/s | requests per CPU second');
  const ratios: [string, ContenderId, ContenderId][] = [
    ['c/a  ours / raw fetch', 'c', 'a'],
    ['c/b  ours / openapi-fetch', 'c', 'b'],
    ['c/d  ours / axios', 'c', 'd'],
    ['b/a  openapi-fetch / raw', 'b', 'a'],
    ...(args.breakdown
      ? ([
          ['c/a2 ours / raw + signal', 'c', 'a2'],
          ['c2/a ours, no limit / raw', 'c2', 'a'],
          // Like for like: both with a 30 s time limit (axios has none by default).
          ['c/d2 ours / axios + timeout', 'c', 'd2'],
        ] as [string, ContenderId, ContenderId][])
      : []),
  ];
  for (const [label, top, bottom] of ratios) {
    row(
      `  ${label}`,
      modes.map((m) => {
        const { rps, cpuUs } = samples[m.name]!;
        return `${fixed(pairedRatio(rps[top], rps[bottom]), 3)} | ${fixed(pairedRatio(cpuUs[bottom], cpuUs[top]), 3)}`;
      }),
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const checks: { ok: boolean; text: string }[] = [];
  /** INFO lines printed after the checks. */
  const notes: string[] = [];
  const mix = loadMix();

  out(
    `client-bench: node ${process.version} (undici ${process.versions.undici}), ${availableParallelism()} CPUs, ` +
      `load average ${loadavg()[0]!.toFixed(2)} at start${gc ? '' : ' (no --expose-gc: no GC between measurements)'}`,
  );
  out(`mix, in turn: ${mix.map((o) => `${o.key} ${o.method} ${o.url.replace(/\?.*/, '?id=…')} ${o.status}`).join(' · ')}`);

  // 1. Throughput.
  const { child, url } = await startServer();
  let samples: Samples;
  let list: Contender[] = [];
  try {
    out(`server: node:http in a child process on ${url}, keep-alive`);
    list = contenders(url, mix, args.breakdown);
    await checkContenders(list, mix);
    out(
      `every contender returns the documented responses; up to ${rounds} rounds (at least ${minRounds}, ${budgetMs / 1000} s budget), ` +
        `order rotating; ${modes.map((m) => m.name).join(' and ')}`,
    );
    // Warm-up (not counted): JIT, connection pools.
    for (const mode of modes) {
      for (const contender of list) await measure(contender.send, Math.ceil(mode.requests / 4), mode.concurrency);
    }
    samples = await runRounds(list, modes, {
      rounds,
      minRounds,
      budgetMs,
      settle,
      onRound: (round) => process.stderr.write(`  round ${round + 1}/${rounds} done\n`),
    });
    const counts = await serverCounts(child);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    out(`server answered ${total} requests (${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}), none refused`);
  } finally {
    for (const contender of list) contender.close?.();
    child.removeAllListeners('exit');
    child.kill();
  }
  out();
  const done = samples.sequential?.rps.a.length ?? 0;
  out(`Throughput, ${done} rounds, requests per second; load average ${loadavg()[0]!.toFixed(2)} at the end`);
  for (const line of throughputTable(samples)) out(`  ${line}`);
  if (args.breakdown) {
    // The contenders' own code, without the network (src/layer.ts).
    const calls = quick ? 500 : 4000;
    const cost = await layerCost(mix, 5, calls);
    out();
    out(`Client layer alone, fetch stubbed (no network), sequential: CPU µs per call, median of 5 rounds of ${calls}`);
    for (const id of ['a', 'b', 'c', 'd'] as ContenderId[]) {
      const extra = id === 'a' ? '' : `  (${fixed(cost[id] - cost.a, 1)} over raw fetch)`;
      out(`  ${padEnd(NAMES[id], 28)}${pad(fixed(cost[id], 1), 8)}${extra}`);
    }
  }
  for (const mode of modes) {
    const ratio = pairedRatio(samples[mode.name]!.rps.c, samples[mode.name]!.rps.b);
    checks.push({ ok: ratio >= RATIO_FLOOR, text: `ours / openapi-fetch req/s ≥ ${RATIO_FLOOR}, ${mode.name}: ${fixed(ratio, 3)}` });
    for (const [label, top, bottom, floor] of TARGETS) {
      const target = pairedRatio(samples[mode.name]!.rps[top], samples[mode.name]!.rps[bottom]);
      checks.push({ ok: target >= floor, text: `${label} req/s ≥ ${floor.toFixed(1)}, ${mode.name}: ${fixed(target, 3)}` });
    }
  }

  // 2. Size.
  out();
  out('Size: esbuild bundle of `export { create… }` (minify, esm, browser) and gzip -9, bytes');
  const base = await bundleSize(OPENAPI_FETCH);
  const sizes: [string, Size][] = [[OPENAPI_FETCH.name, base]];
  for (const target of CLIENTS) sizes.push([target.name, await bundleSize(target)]);
  out(`  ${padEnd('', 28)}${pad('min', 8)}${pad('min+gz', 9)}${pad('Δ min+gz vs openapi-fetch', 28)}`);
  for (const [name, size] of sizes) {
    const delta = size.gzipped - base.gzipped;
    out(`  ${padEnd(name, 28)}${pad(size.minified, 8)}${pad(size.gzipped, 9)}${pad(name === OPENAPI_FETCH.name ? '' : `+${delta}`, 28)}`);
    if (name !== OPENAPI_FETCH.name) {
      checks.push({ ok: delta <= SIZE_LIMIT, text: `${name} min+gz ≤ openapi-fetch + ${SIZE_LIMIT} B: +${delta} B` });
    }
  }
  // What A's and D's int64 check (client-core's unsafe-integers.ts) weighs in their bundles.
  for (const target of CLIENTS) {
    const without = await bundleSize(target, { withoutIntegerCheck: true });
    const size = sizes.find(([name]) => name === target.name)![1];
    if (without.gzipped !== size.gzipped) {
      const note = `${target.name} without its int64 check: +${without.gzipped - base.gzipped} B over openapi-fetch (the check: ${size.gzipped - without.gzipped} B)`;
      out(`  ${note}`);
      notes.push(note);
    }
  }
  // Opting in to contract validation (@messaging-contracts/validators): the client, withValidation
  // and its interface's validators in one bundle. The clients never import the package, so the
  // sizes above are what users who do not opt in ship.
  out();
  out('Size with opt-in contract validation: the client + withValidation + that interface\'s validators, bytes');
  out(`  ${padEnd('', 40)}${pad('min', 8)}${pad('min+gz', 9)}${pad('Δ min+gz vs the client', 24)}`);
  for (const [i, target] of VALIDATED_CLIENTS.entries()) {
    const size = await bundleSize(target);
    const client = sizes[i + 1]![1];
    out(`  ${padEnd(target.name, 40)}${pad(size.minified, 8)}${pad(size.gzipped, 9)}${pad(`+${size.gzipped - client.gzipped}`, 24)}`);
  }

  // 3. Cold import.
  out();
  out(`Cold import: median of ${importSamples} fresh node processes each, targets interleaved, ms`);
  const targets: (string | null)[] = [null, OPENAPI_FETCH.specifier, ...CLIENTS.map((c) => c.specifier)];
  const imports = new Map(targets.map((t) => [t, [] as { importMs: number; wallMs: number }[]]));
  for (let i = 0; i < importSamples; i++) {
    for (const target of rotate(targets, i)) imports.get(target)!.push(importOnce(target));
  }
  const baseImport = median(imports.get(OPENAPI_FETCH.specifier)!.map((s) => s.importMs));
  out(`  ${padEnd('', 28)}${pad('import', 8)}${pad('Δ vs openapi-fetch', 20)}${pad('process', 10)}`);
  for (const target of targets) {
    const list = imports.get(target)!;
    const importMs = median(list.map((s) => s.importMs));
    const name = target === null ? 'node alone (no import)' : (target.split('/').pop() ?? target);
    const delta = target === null || target === OPENAPI_FETCH.specifier ? '' : `${importMs >= baseImport ? '+' : ''}${fixed(importMs - baseImport, 1)}`;
    out(`  ${padEnd(name, 28)}${pad(target === null ? '' : fixed(importMs, 1), 8)}${pad(delta, 20)}${pad(fixed(median(list.map((s) => s.wallMs)), 1), 10)}`);
  }

  // 4. The checks.
  out();
  out('Checks');
  for (const check of checks) out(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.text}`);
  const toRaw = (top: ContenderId) =>
    modes.map((m) => `${fixed(pairedRatio(samples[m.name]!.rps[top], samples[m.name]!.rps.a), 3)} ${m.name}`).join(', ');
  out(`  INFO  ours / raw fetch req/s: ${toRaw('c')} (openapi-fetch / raw fetch: ${toRaw('b')})`);
  for (const note of notes) out(`  INFO  ${note}`);
  if (args.strict && checks.some((c) => !c.ok)) process.exitCode = 1;
}

await main();
