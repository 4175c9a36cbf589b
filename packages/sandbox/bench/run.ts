// pnpm bench for the sandbox: one POST per interface at concurrency 32 against the sandbox and,
// side by side in the same run, against a bare node:http server that parses the same JSON and
// answers a fixed body (the floor). Then the sandbox's RSS after many created messages, against
// this bench's guard (the README's bound is on live memory, held by test/memory.test.ts). Servers run in child processes; the load generator here.
// BENCH_SECONDS (default 4 per run) and BENCH_MESSAGES (default 200000; 1000000 for the full
// memory run) tune it.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Target, emptySamples, load, summarise } from './load.js';

const require = createRequire(import.meta.url);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const CONNECTIONS = 32;
/** This bench's guard on RSS with default caps (RSS is not the README's bound: live memory is, 128 MB). */
const RSS_BOUND_MB = 256;

type Started = { child: ChildProcess; port: number; credentials?: any };

function start(mode: 'bare' | 'sandbox'): Promise<Started> {
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

function targets(sandbox: Started, port: number, bare: boolean): Record<string, Target> {
  const c = sandbox.credentials;
  const basic = (u: { username: string; password: string }) => `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;
  const origin = `http://127.0.0.1:${port}`;
  const json = { 'content-type': 'application/json' };
  return {
    'A POST /messages': { origin, path: '/rest/gateway/messages', headers: { ...json, authorization: basic(c['gateway-v1']) }, body: example('gateway-v1', '/messages'), expect: bare ? 202 : 201 },
    'B POST /messages': { origin, path: '/rest/sms/v2/messages', headers: { ...json, authorization: c['sms-v2'].apiKey }, body: example('sms-v2', '/messages'), expect: 202 },
    'C POST /message': { origin, path: '/rest/im/v1/message', headers: { ...json, authorization: c['im-v1'].apiKey }, body: example('im-v1', '/message'), expect: 202 },
    'D POST /{app}/lists': {
      origin,
      path: '/rest/campaign_manager/v1/bench/lists',
      headers: { ...json, authorization: basic(c['campaign-manager-v1']) },
      body: example('campaign-manager-v1', '/{application_name}/lists'),
      expect: bare ? 202 : 201,
    },
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

async function main() {
  const sandbox = await start('sandbox');
  const bare = await start('bare');
  const sandboxTargets = targets(sandbox, sandbox.port, false);
  const bareTargets = targets(sandbox, bare.port, true);
  console.log(`sandbox bench: one POST per interface with a session's credentials (50 sessions active), ${CONNECTIONS} connections, ${SECONDS} s per server in alternating 1 s slices (load generator in its own process)\n`);
  console.log(`${'operation'.padEnd(22)} ${'bare req/s'.padStart(10)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} | ${'sandbox req/s'.padStart(13)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} | ratio`);
  let failed = false;
  for (const name of Object.keys(sandboxTargets)) {
    await load(bareTargets[name]!, CONNECTIONS, 500); // warm-up
    await load(sandboxTargets[name]!, CONNECTIONS, 500);
    // Alternating one-second slices, so a neighbour's load on a shared machine hits both alike.
    const floorSamples = emptySamples();
    const ourSamples = emptySamples();
    for (let slice = 0; slice < SECONDS; slice++) {
      await load(bareTargets[name]!, CONNECTIONS, 1000, Infinity, floorSamples);
      await load(sandboxTargets[name]!, CONNECTIONS, 1000, Infinity, ourSamples);
    }
    const floor = summarise(floorSamples);
    const ours = summarise(ourSamples);
    const ratio = ours.rps / floor.rps;
    console.log(
      `${name.padEnd(22)} ${fmt(floor.rps).padStart(10)} ${fmt(floor.p50, 2)} ${fmt(floor.p99, 2)} | ${fmt(ours.rps).padStart(13)} ${fmt(ours.p50, 2)} ${fmt(ours.p99, 2)} | ${ratio.toFixed(2)}` +
        (ours.unexpected + floor.unexpected > 0 ? `  (${ours.unexpected + floor.unexpected} unexpected statuses)` : ''),
    );
    if (ours.unexpected > 0 || floor.unexpected > 0) failed = true;
  }
  bare.child.kill();

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
