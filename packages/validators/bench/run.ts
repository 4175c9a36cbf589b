// `pnpm bench` for @messaging-contracts/validators, in one short run:
//  1. validations per second (of CPU time, one thread) of one request body per interface, the
//     operation's own example, valid and with one limit broken;
//  2. client requests per second against a loopback node:http server (another process), one call
//     per interface in turn, with request validation off (the bare client) and on
//     (withValidation, responses not checked), and on with response checking too, interleaved
//     over rounds; the on/off ratio per round, median, against the target 0.9.
// Speeds are reported, never asserted. Environment: BENCH_ROUNDS (7), BENCH_REQUESTS (400 per
// contender per round), BENCH_ROUND_MS (150 per validator measurement).
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createCampaignManagerClient } from '@messaging-contracts/campaign-manager-v1-client';
import { createGatewayClient } from '@messaging-contracts/gateway-v1-client';
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createSmsClient } from '@messaging-contracts/sms-v2-client';
import * as campaignManagerV1 from '../src/campaign-manager-v1.js';
import { withValidation } from '../src/client.js';
import * as gatewayV1 from '../src/gateway-v1.js';
import * as imV1 from '../src/im-v1.js';
import * as smsV2 from '../src/sms-v2.js';
import type { OperationValidators } from '../src/runtime.js';
import { requestExample, responseExamples } from '../src/test-support/bundles.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const rounds = env('BENCH_ROUNDS', 7);
const requests = env('BENCH_REQUESTS', 400);
const roundMs = env('BENCH_ROUND_MS', 150);
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

type Call = (url: string, init?: object) => Promise<{ response: Response }>;
type Client = Record<'GET' | 'POST', Call>;
type Validators = { operations: Readonly<Record<string, OperationValidators>> };

interface Case {
  name: string;
  api: 'gateway-v1' | 'sms-v2' | 'im-v1' | 'campaign-manager-v1';
  validators: Validators;
  /** The request body measured in part 1, and sent in part 2 where the call has one. */
  operationId: string;
  body: unknown;
  /** The client call of part 2, its route on the server and the documented reply. */
  create: (baseUrl: string) => Client;
  call: (client: Client) => Promise<{ response: Response }>;
  route: string;
  reply: { status: number; operationId: string };
}

const auth = { username: 'bench', password: 'bench-password' };
const smsId = '3f1c9b2e-7a4d-4e8b-9c21-5d6f0a7b8c9d';
const aBody = requestExample('gateway-v1', 'sendMessage') as { scheduled: string };
// The examples' `scheduled` lies at a fixed date; measure as on the day before it, so the
// 60-day rule (x-max-days-ahead) is checked and passes whenever the bench runs.
const now = () => Date.parse(aBody.scheduled) - 24 * 60 * 60 * 1000;

const cases: Case[] = [
  {
    name: 'A gateway-v1 sendMessage',
    api: 'gateway-v1',
    validators: gatewayV1,
    operationId: 'sendMessage',
    body: aBody,
    create: (baseUrl) => createGatewayClient({ baseUrl, ...auth }) as unknown as Client,
    call: (c) => c.POST('/messages', { body: aBody }),
    route: 'POST /rest/gateway/messages',
    reply: { status: 201, operationId: 'sendMessage' },
  },
  {
    name: 'B sms-v2 sendMessage',
    api: 'sms-v2',
    validators: smsV2,
    operationId: 'sendMessage',
    body: requestExample('sms-v2', 'sendMessage'),
    create: (baseUrl) => createSmsClient({ baseUrl, apiKey: 'bench-key' }) as unknown as Client,
    call: (c) => c.GET('/messages', { params: { query: { id: smsId } } }),
    route: 'GET /rest/sms/v2/messages',
    reply: { status: 200, operationId: 'getMessage' },
  },
  {
    name: 'C im-v1 sendMessage',
    api: 'im-v1',
    validators: imV1,
    operationId: 'sendMessage',
    body: requestExample('im-v1', 'sendMessage'),
    create: (baseUrl) => createImClient({ baseUrl, apiKey: 'bench-key' }) as unknown as Client,
    call: (c) => c.POST('/message', { body: requestExample('im-v1', 'sendMessage') }),
    route: 'POST /rest/im/v1/message',
    reply: { status: 202, operationId: 'sendMessage' },
  },
  {
    name: 'D campaign-manager-v1 createList',
    api: 'campaign-manager-v1',
    validators: campaignManagerV1,
    operationId: 'createList',
    body: requestExample('campaign-manager-v1', 'createList'),
    create: (baseUrl) => createCampaignManagerClient({ baseUrl, ...auth, applicationName: 'bench' }) as unknown as Client,
    call: (c) => c.POST('/lists', { body: requestExample('campaign-manager-v1', 'createList') }),
    route: 'POST /rest/campaign_manager/v1/bench/lists',
    reply: { status: 201, operationId: 'createList' },
  },
];

/** A body with its first limit broken: an empty object misses every required property. */
const invalidBody = () => ({});

function validationsPerSecond(validate: (v: unknown) => unknown, body: unknown): number {
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    let ops = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    do {
      for (let i = 0; i < 256; i++) validate(body);
      ops += 256;
    } while (performance.now() - start < roundMs);
    const used = process.cpuUsage(cpu);
    samples.push(ops / ((used.user + used.system) / 1e6));
  }
  return median(samples);
}

console.log(`# @messaging-contracts/validators bench — node ${process.version}, ${availableParallelism()} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log('\n## Validations per second of CPU time, one thread (median of 3)\n');
console.log('| request body | valid (the example) | invalid (empty object) |');
console.log('|---|---:|---:|');
for (const c of cases) {
  const validate = c.validators.operations[c.operationId]!.body!;
  const check = (body: unknown) => validate(body, { now });
  if (validate(c.body, { now }).length !== 0) throw new Error(`${c.name}: the example does not pass`);
  console.log(`| ${c.name} | ${int(validationsPerSecond(check, c.body))} | ${int(validationsPerSecond(check, invalidBody()))} |`);
}

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./server.js', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { url: string }) => {
      const replies = Object.fromEntries(
        cases.map((c) => {
          const example = responseExamples(c.api).find(([id, status]) => id === c.reply.operationId && status === String(c.reply.status));
          if (!example) throw new Error(`${c.name}: no documented ${c.reply.status} example`);
          return [c.route, { status: c.reply.status, body: JSON.stringify(example[2]) }];
        }),
      );
      child.send({ replies });
      child.once('message', () => resolve({ child, url: message.url }));
    });
  });
}

const { child, url } = await startServer();
try {
  const contenders = [
    { name: 'off (bare client)', clients: cases.map((c) => c.create(url)) },
    { name: 'on (request validation)', clients: cases.map((c) => withValidation(c.create(url), c.validators, { response: 'off', now })) },
    { name: 'on (request + response)', clients: cases.map((c) => withValidation(c.create(url), c.validators, { now })) },
  ];
  // Every contender gets every documented reply before anything is timed.
  for (const contender of contenders) {
    for (const [i, c] of cases.entries()) {
      const { response } = await c.call(contender.clients[i]!);
      if (response.status !== c.reply.status) throw new Error(`${contender.name} ${c.name}: status ${response.status}`);
    }
  }
  // A round is cut into slices and the contenders take turns slice by slice, the first one
  // rotating, so a burst of load from another process falls on all of them alike; a contender's
  // figure for the round is its requests over the sum of its slices' wall time.
  const slices = 20;
  const perSlice = Math.max(4, Math.round(requests / slices / 4) * 4);
  const rps = contenders.map((): number[] => []);
  const cpuUs = contenders.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    const elapsed = contenders.map(() => 0);
    const cpu = contenders.map(() => 0);
    for (let slice = 0; slice < slices; slice++) {
      for (let k = 0; k < contenders.length; k++) {
        const index = (round + slice + k) % contenders.length;
        const { clients } = contenders[index]!;
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        for (let i = 0; i < perSlice; i++) await cases[i & 3]!.call(clients[i & 3]!);
        elapsed[index]! += performance.now() - start;
        const used = process.cpuUsage(cpuStart);
        cpu[index]! += used.user + used.system;
      }
    }
    elapsed.forEach((ms, index) => rps[index]!.push((slices * perSlice) / (ms / 1000)));
    cpu.forEach((us, index) => cpuUs[index]!.push(us / (slices * perSlice)));
  }
  console.log(`\n## Client requests per second, loopback, sequential, keep-alive (${rounds} rounds of ${int(requests)} requests per contender, interleaved in slices of ${perSlice}, A B C D in turn)\n`);
  console.log('| contender | req/s per round | median req/s | / off (paired median) | client CPU µs per request (median) |');
  console.log('|---|---|---:|---:|---:|');
  const ratio = (index: number) => median(rps[index]!.map((value, round) => value / rps[0]![round]!));
  contenders.forEach((contender, index) =>
    console.log(
      `| ${contender.name} | ${rps[index]!.map(int).join(', ')} | ${int(median(rps[index]!))} | ${ratio(index).toFixed(3)} | ${median(cpuUs[index]!).toFixed(1)} |`,
    ),
  );
  const on = ratio(1);
  console.log(`\nrequest validation on / off: ${on.toFixed(3)} (target at least 0.9: ${on >= 0.9 ? 'met' : 'NOT met'})`);
} finally {
  child.disconnect();
}
