// `pnpm bench`: validator throughput, then end-to-end throughput, in one run. Exits 1 only on a
// correctness failure (failed requests, callbacks not handled); speeds are reported, not asserted.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { benchDedupe } from './dedupe.js';
import { benchEndToEnd } from './e2e.js';
import { pairedRatio } from './stats.js';
import { benchValidators } from './validators.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(
  `# @messaging-contracts/webhooks bench — node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

console.log('\n## Validations per second of CPU time, one thread (median of interleaved rounds; wall-clock rate in brackets)\n');
const { figures, compileMs } = benchValidators({ rounds: env('BENCH_VALIDATOR_ROUNDS', 9), roundMs: env('BENCH_VALIDATOR_ROUND_MS', 200) });
console.log('| validator | bodies | generated | ajv run-time, same options | ajv run-time, ajv defaults | generated / same | generated / defaults |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const validator of [...new Set(figures.map((f) => f.validator))]) {
  for (const bodies of ['valid', 'invalid'] as const) {
    const find = (contender: string) => figures.find((f) => f.validator === validator && f.bodies === bodies && f.contender.startsWith(contender))!;
    const cell = (contender: string) => `${int(find(contender).opsPerSecond)} (${int(find(contender).opsPerWallSecond)})`;
    const ratio = (baseline: string) => (find('generated').opsPerSecond / find(baseline).opsPerSecond).toFixed(2);
    console.log(
      `| ${validator} | ${bodies} | ${cell('generated')} | ${cell('ajv run-time compile, same')} | ${cell('ajv run-time compile, ajv defaults')} | ${ratio('ajv run-time compile, same')} | ${ratio('ajv run-time compile, ajv defaults')} |`,
    );
  }
}
console.log(`\najv compile from the bundle at run time: ${Object.entries(compileMs).map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(', ')}`);
const bStatus = figures.find((f) => f.validator === 'B status' && f.bodies === 'valid' && f.contender === 'generated')!.opsPerSecond;
console.log(`B status, valid bodies: ${int(bStatus)} validations/s (target 2,000,000: ${bStatus >= 2_000_000 ? 'met' : 'NOT met'})`);

const dedupeEntries = env('BENCH_DEDUPE_ENTRIES', 100_000);
const dedupeAdds = env('BENCH_DEDUPE_ADDS', 200_000);
console.log(`\n## De-duplication store when full (maxEntries ${int(dedupeEntries)}, ${int(dedupeAdds)} new keys per round, median of ${env('BENCH_DEDUPE_ROUNDS', 5)} interleaved rounds, adds per second of CPU time)\n`);
const dedupe = benchDedupe({ maxEntries: dedupeEntries, adds: dedupeAdds, rounds: env('BENCH_DEDUPE_ROUNDS', 5) });
console.log('| contender | adds/s |');
console.log('|---|---:|');
for (const f of dedupe) console.log(`| ${f.contender === 'store' ? 'createMemoryDedupStore().add' : 'bare Map: set new key, delete oldest'} | ${int(f.addsPerSecond)} |`);
const [storeAdds, mapAdds] = dedupe.map((f) => f.addsPerSecond) as [number, number];
console.log(`\nstore / bare Map: ${(storeAdds / mapAdds).toFixed(2)}; store ${int(storeAdds)} adds/s (target 1,000,000: ${storeAdds >= 1_000_000 ? 'met' : 'NOT met'})`);

const rounds = env('BENCH_E2E_ROUNDS', 6);
const requestsPerRound = env('BENCH_E2E_REQUESTS', 20_000);
console.log(`\n## End to end, loopback, concurrency 32, keep-alive (${rounds} interleaved rounds of ${int(requestsPerRound)} B status callbacks per server)\n`);
const servers = await benchEndToEnd({ rounds, requestsPerRound });
console.log('| server | requests | req/s per round | median req/s | p50 ms | p99 ms | errors | handled |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|');
for (const s of servers) {
  console.log(`| ${s.server === 'receiver' ? 'createSmsV2StatusReceiver().node' : 'bare node:http + precompiled validator'} | ${int(s.requests)} | ${s.rps.map(int).join(' ')} | ${int(s.medianRps)} | ${s.p50Ms.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.errors} | ${int(s.handled)} |`);
}
const [receiver, bare] = servers as [(typeof servers)[number], (typeof servers)[number]];
// The median of each round's own ratio, as client-bench reports: the two servers of a round ran
// back to back, so a slower stretch of a shared machine moves both and cancels out, where a ratio
// of two medians can pair one server's quiet round with the other's loaded one.
const { median: ratio, perRound } = pairedRatio(receiver.rps, bare.rps);
console.log(
  `\nreceiver / bare, median of the per-round ratios: ${ratio.toFixed(2)} (target 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'}); per round ${perRound.map((r) => r.toFixed(2)).join(' ')}; ratio of the medians ${(receiver.medianRps / bare.medianRps).toFixed(2)}`,
);

const broken = servers.filter((s) => s.errors > 0 || s.handled !== s.requests);
if (broken.length > 0) {
  console.error(`errors or unhandled callbacks: ${broken.map((s) => s.server).join(', ')}`);
  process.exitCode = 1;
}
