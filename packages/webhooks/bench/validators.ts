// Validations per second on one core: the shared generated validators (through this package's
// typed wrappers) beside ajv compiling the same bundle at run time (with the generator's options,
// and with ajv's defaults).
import { createAjv, type ApiId } from '../../validators/scripts/generate.js';
import { bodySchemaPointer } from '../src/test-support/pointers.js';
import { type Validator, validateImV1StatusCallback, validateSmsV2ReplyCallback, validateSmsV2StatusCallback } from '../src/validators.js';
import { imV1Status, smsV2Reply, smsV2Status } from './bodies.js';
import { median } from './stats.js';

type Check = (body: unknown) => boolean;

// A fresh function per measurement, so no call site turns megamorphic across contenders.
const makeLoop = () =>
  new Function(
    'check',
    'bodies',
    'ms',
    `let ops = 0, accepted = 0;
     const start = performance.now();
     do {
       for (let i = 0; i < bodies.length; i++) if (check(bodies[i])) accepted++;
       ops += bodies.length;
     } while (performance.now() - start < ms);
     return ops;`,
  ) as (check: Check, bodies: unknown[], ms: number) => number;

/**
 * Ops per second of CPU time this process got, not of wall time: on a shared machine that is the
 * throughput of one core, whatever else runs. (Wall-clock throughput is also returned.)
 */
function measure(loop: ReturnType<typeof makeLoop>, check: Check, bodies: unknown[], ms: number) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const ops = loop(check, bodies, ms);
  const wallSeconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  return { perCpuSecond: ops / ((used.user + used.system) / 1e6), perWallSecond: ops / wallSeconds };
}

export interface ValidatorFigure {
  validator: string;
  bodies: 'valid' | 'invalid';
  contender: string;
  /** Median over rounds, per second of CPU time. */
  opsPerSecond: number;
  /** Median over rounds, per second of wall time. */
  opsPerWallSecond: number;
}

interface Case {
  name: string;
  api: ApiId;
  pathItem: string;
  ours: Validator<unknown>;
  data: { valid: unknown[]; invalid: unknown[] };
}

const cases: Case[] = [
  { name: 'B status', api: 'sms-v2', pathItem: 'StatusCallback', ours: validateSmsV2StatusCallback, data: smsV2Status },
  { name: 'B reply', api: 'sms-v2', pathItem: 'ReplyCallback', ours: validateSmsV2ReplyCallback, data: smsV2Reply },
  { name: 'C status', api: 'im-v1', pathItem: 'StatusCallback', ours: validateImV1StatusCallback, data: imV1Status },
];

export function benchValidators({ rounds = 7, roundMs = 200 } = {}): { figures: ValidatorFigure[]; compileMs: Record<string, number> } {
  const figures: ValidatorFigure[] = [];
  const compileMs: Record<string, number> = {};
  for (const { name, api, pathItem, ours, data } of cases) {
    const pointer = `${api}${bodySchemaPointer(pathItem)}`;
    const compileStart = performance.now();
    const sameOptions = createAjv(api).getSchema(pointer)!;
    compileMs[name] = performance.now() - compileStart;
    const defaults = createAjv(api, undefined, { allErrors: false, messages: true }).getSchema(pointer)!;
    const contenders: Array<[string, Check]> = [
      ['generated', (body) => ours(body).ok],
      ['ajv run-time compile, same options', (body) => sameOptions(body) as boolean],
      ['ajv run-time compile, ajv defaults', (body) => defaults(body) as boolean],
    ];
    for (const kind of ['valid', 'invalid'] as const) {
      const bodies = data[kind];
      const want = kind === 'valid' ? bodies.length : 0;
      const loops = contenders.map(() => makeLoop());
      const samples = contenders.map((): number[] => []);
      const wallSamples = contenders.map((): number[] => []);
      // Warm up, and check every contender gives the expected verdicts before timing it.
      contenders.forEach(([label, check], i) => {
        measure(loops[i]!, check, bodies, 100);
        const accepted = bodies.filter((body) => check(body)).length;
        if (accepted !== want) throw new Error(`${name} ${kind}: ${label} accepted ${accepted} of ${bodies.length}`);
      });
      // Interleaved rounds, each starting with a different contender, so drift in machine load
      // and any advantage of going first hit every contender alike.
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < contenders.length; k++) {
          const i = (round + k) % contenders.length;
          const { perCpuSecond, perWallSecond } = measure(loops[i]!, contenders[i]![1], bodies, roundMs);
          samples[i]!.push(perCpuSecond);
          wallSamples[i]!.push(perWallSecond);
        }
      }
      contenders.forEach(([label], i) =>
        figures.push({ validator: name, bodies: kind, contender: label, opsPerSecond: median(samples[i]!), opsPerWallSecond: median(wallSamples[i]!) }),
      );
    }
  }
  return { figures, compileMs };
}
