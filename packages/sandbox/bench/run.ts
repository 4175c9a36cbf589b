// pnpm bench for the sandbox: one POST per interface at concurrency 32 against the sandbox and,
// side by side in the same run, against a bare node:http server that parses the same JSON and
// answers a fixed body (the floor), and against that server writing its answers together at the
// end of the event loop's turn as the sandbox does (the floor of the same write pattern). Then the
// sandbox's RSS after many created messages, against this bench's guard (the README's bound is on live memory, held by test/memory.test.ts). Servers run in child processes; the load generator here.
// BENCH_SECONDS (slices per server and row, default 4), BENCH_SLICE_MS (default 1000),
// BENCH_WARM_UP_MS (default 2000) and BENCH_MESSAGES (default 200000; 1000000 for the full memory
// run) tune it. Each table also prints each server's CPU time per request (/proc), which a
// busy neighbour moves far less than req/s. `--prism`: the same load, side by side, against
// Stoplight Prism serving each interface's bundle (bench/prism.ts; installed on first use).
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type ApiId, basePath } from '@messaging-contracts/sandbox';
import { cpuMicros } from './cpu.js';
import { type Samples, type Target, emptySamples, load, summarise } from './load.js';
import { PRISM_VERSION, ensurePrism, startPrism } from './prism.js';

const require = createRequire(import.meta.url);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const CONNECTIONS = 32;
const PRISM = process.argv.includes('--prism');
/** Load per operation and server before any row is measured (ms); a quarter of it before each row. */
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 2000);
/** This bench's guard on RSS with default caps (RSS is not the README's bound: live memory is, 128 MB). */
const RSS_BOUND_MB = 256;

type Started = { child: ChildProcess; port: number; credentials?: any };

function start(mode: 'bare' | 'batched' | 'sandbox'): Promise<Started> {
  const child = fork(fileURLToPath(new URL('./server.js', import.meta.url)), [mode], { execArgv: ['--expose-gc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: any) => resolve({ child, port: message.port, credentials: message.credentials }));
    child.once('error', reject);
  });
}

function rss(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message: any) => resolve(message.rss));
    child.send('rss');
  });
}

/** The documented success status of an interface's POST (the 2xx of its responses). */
const successStatus = (api: string, path: string) =>
  Number(Object.keys(require(`@messaging-contracts/openapi/${api}.json`).paths[path].post.responses).find((status) => /^2\d\d$/.test(status)));

const example = (api: string, path: string) => {
  const bundle = require(`@messaging-contracts/openapi/${api}.json`);
  const op = bundle.paths[path].post;
  const body = op.requestBody.$ref ? bundle.components.requestBodies[op.requestBody.$ref.split('/').pop()] : op.requestBody;
  const media = body.content['application/json'];
  // The first named example where there are several (C's direct and wrapped delivery attempts).
  const example = 'example' in media ? media.example : Object.values<{ value: any }>(media.examples)[0]!.value;
  delete example.scheduled; // the bundle's example date may be in the past or beyond 60 days of today
  return JSON.stringify(example);
};

/** The bench's four operations: interface, path template, and the concrete path of this request. */
const OPERATIONS = [
  { name: 'A POST /messages', api: 'gateway-v1' as ApiId, template: '/messages', path: '/messages' },
  { name: 'B POST /messages', api: 'sms-v2', template: '/messages', path: '/messages' },
  { name: 'C POST /message', api: 'im-v1', template: '/message', path: '/message' },
  { name: 'D POST /{app}/lists', api: 'campaign-manager-v1', template: '/{application_name}/lists', path: '/bench/lists' },
] as const;

/**
 * Each operation's request to one server: `basePath` before the path (the sandbox's documented base
 * paths; Prism serves the bundle's paths as they are, without the servers' base path), the same
 * body and credentials for every server, and the status it must answer: the bare server always 202,
 * the others the operation's documented success status.
 */
function targets(sandbox: Started, origin: string, server: 'bare' | 'sandbox' | 'prism'): Record<string, Target> {
  const c = sandbox.credentials;
  const basic = (u: { username: string; password: string }) => `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;
  const authorization: Record<string, string> = {
    'gateway-v1': basic(c['gateway-v1']),
    'sms-v2': c['sms-v2'].apiKey,
    'im-v1': c['im-v1'].apiKey,
    'campaign-manager-v1': basic(c['campaign-manager-v1']),
  };
  return Object.fromEntries(
    OPERATIONS.map((op) => [
      op.name,
      {
        origin,
        path: (server === 'prism' ? '' : basePath(op.api)) + op.path,
        headers: { 'content-type': 'application/json', authorization: authorization[op.api]! },
        body: example(op.api, op.template),
        expect: server === 'bare' ? 202 : successStatus(op.api, op.template),
      },
    ]),
  );
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

/** One server's side of a comparison: its load samples and the CPU time it used under that load. */
interface Side {
  samples: Samples;
  cpu: number | undefined;
}

/** Runs `target` for `ms` and adds its latencies, and the server's CPU time over the run, to `side`. */
async function slice(target: Target, pid: number | undefined, ms: number, side: Side) {
  const before = cpuMicros(pid);
  await load(target, CONNECTIONS, ms, Infinity, side.samples);
  const after = cpuMicros(pid);
  side.cpu = before === undefined || after === undefined || side.cpu === undefined ? undefined : side.cpu + after - before;
}

const COLUMNS = (server: string) => `${`${server} req/s`.padStart(13)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'µs/req'.padStart(7)}`;

/**
 * One operation against another server and the sandbox in alternating one-second slices, so a
 * neighbour's load on a shared machine hits both alike; prints the row and returns whether every
 * answer had its expected status. `ratio` is the sandbox's req/s over the other's; `cpu` is the
 * other's CPU time per request over the sandbox's (above 1: the sandbox costs less per request).
 */
async function sideBySide(name: string, other: { target: Target; pid: number | undefined }, ours: { target: Target; pid: number | undefined }, warmUpMs: number): Promise<boolean> {
  await load(other.target, CONNECTIONS, warmUpMs);
  await load(ours.target, CONNECTIONS, warmUpMs);
  const theirs: Side = { samples: emptySamples(), cpu: 0 };
  const mine: Side = { samples: emptySamples(), cpu: 0 };
  for (let i = 0; i < SECONDS; i++) {
    await slice(other.target, other.pid, SLICE_MS, theirs);
    await slice(ours.target, ours.pid, SLICE_MS, mine);
  }
  const a = summarise(theirs.samples);
  const b = summarise(mine.samples);
  const perRequest = (side: Side, result: { requests: number }) => (side.cpu === undefined || result.requests === 0 ? undefined : side.cpu / result.requests);
  const cpuA = perRequest(theirs, a);
  const cpuB = perRequest(mine, b);
  const cell = (result: typeof a, cpu: number | undefined) =>
    `${fmt(result.rps).padStart(13)} ${fmt(result.p50, 2)} ${fmt(result.p99, 2)} ${(cpu === undefined ? '-' : cpu.toFixed(0)).padStart(7)}`;
  const unexpected = a.unexpected + b.unexpected;
  console.log(
    `${name.padEnd(22)} ${cell(a, cpuA)} | ${cell(b, cpuB)} | ${(b.rps / a.rps).toFixed(2).padStart(5)} ${cpuA === undefined || cpuB === undefined ? '    -' : (cpuA / cpuB).toFixed(2).padStart(5)}` +
      (unexpected > 0 ? `  (${unexpected} unexpected statuses)` : ''),
  );
  return unexpected === 0;
}

const header = (server: string) => console.log(`${'operation'.padEnd(22)} ${COLUMNS(server)} | ${COLUMNS('sandbox')} | ratio   cpu`);

async function main() {
  const sandbox = await start('sandbox');
  const bare = await start('bare');
  const batched = await start('batched');
  const sandboxTargets = targets(sandbox, `http://127.0.0.1:${sandbox.port}`, 'sandbox');
  const bareTargets = targets(sandbox, `http://127.0.0.1:${bare.port}`, 'bare');
  const batchedTargets = targets(sandbox, `http://127.0.0.1:${batched.port}`, 'bare');
  console.log(`sandbox bench: one POST per interface with a session's credentials (50 sessions active), ${CONNECTIONS} connections, ${SECONDS} slices of ${SLICE_MS} ms per server, alternating (load generator in its own process)\n`);
  // Every operation on both servers first, so no row pays for compiling code the others share:
  // without it the first row (A) measured the sandbox's JIT warm-up (seen: 502 µs per request
  // there against 115 for the same operation later in the same run).
  for (const { name } of OPERATIONS) {
    await load(bareTargets[name]!, CONNECTIONS, WARM_UP_MS);
    await load(batchedTargets[name]!, CONNECTIONS, WARM_UP_MS);
    await load(sandboxTargets[name]!, CONNECTIONS, WARM_UP_MS);
  }
  header('bare');
  let failed = false;
  for (const { name } of OPERATIONS) {
    const ok = await sideBySide(name, { target: bareTargets[name]!, pid: bare.child.pid }, { target: sandboxTargets[name]!, pid: sandbox.child.pid }, WARM_UP_MS / 4);
    if (!ok) failed = true;
  }
  bare.child.kill();
  // The same bare server writing its answers as the sandbox does (together, at the end of the
  // turn): what the sandbox's own work per request costs, without what the batching saves.
  console.log(`\nagainst the bare server writing its answers together at the end of the event loop's turn, as the sandbox does:\n`);
  header('batched');
  for (const { name } of OPERATIONS) {
    const ok = await sideBySide(name, { target: batchedTargets[name]!, pid: batched.child.pid }, { target: sandboxTargets[name]!, pid: sandbox.child.pid }, WARM_UP_MS / 4);
    if (!ok) failed = true;
  }
  batched.child.kill();

  if (PRISM) {
    // One Prism per interface (it serves one document), started and stopped in turn.
    const cli = await ensurePrism();
    console.log(`\nagainst Stoplight Prism ${PRISM_VERSION} (prism mock on specs/dist/<id>.json, its request log off), each answering the documented success status:\n`);
    header('prism');
    for (const op of OPERATIONS) {
      const prism = await startPrism(cli, require.resolve(`@messaging-contracts/openapi/${op.api}.json`));
      try {
        const prismTarget = targets(sandbox, prism.origin, 'prism')[op.name]!;
        // A new process per operation: Prism gets the whole warm-up the sandbox had at the start.
        const ok = await sideBySide(op.name, { target: prismTarget, pid: prism.child.pid }, { target: sandboxTargets[op.name]!, pid: sandbox.child.pid }, WARM_UP_MS);
        if (!ok) failed = true;
      } finally {
        prism.stop();
      }
    }
  }

  // Memory: many created messages (C), far past the default store cap, then RSS after gc.
  const before = await rss(sandbox.child);
  const created = await load(sandboxTargets['C POST /message']!, CONNECTIONS, 600_000, MESSAGES);
  const after = await rss(sandbox.child);
  console.log(
    `\nmemory: RSS ${(before / 2 ** 20).toFixed(0)} MB before, ${(after / 2 ** 20).toFixed(0)} MB after ${created.requests} more created messages ` +
      `(stores capped at 10000 each; this bench's RSS guard ${RSS_BOUND_MB} MB)`,
  );
  if (after > RSS_BOUND_MB * 2 ** 20) failed = true;
  sandbox.child.kill();
  if (failed) process.exitCode = 1;
}

void main();
