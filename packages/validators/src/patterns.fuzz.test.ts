// Long strings for every pattern of every bundle: matching takes time linear in the string
// (scripts/patterns.ts). Two checks, both run on each pattern's schema as the generator compiles
// it, and on C's media type through the generated validator:
//   - counted: no pattern is ever tested on more characters than the `maxLength` beside it (a
//     pattern without one must be fixed-width anchored, which generation enforces);
//   - timed as ratios within one run: 8 times the string costs the validator at most 3 times what
//     it costs a plain scan of the characters (linear: about 1 time, as memory makes even a scan
//     grow a little faster than the string; quadratic: about 8 times). Never an absolute time.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createAjv } from '../scripts/generate.js';
import { isFixedWidthAnchored, unboundedPatterns } from '../scripts/patterns.js';
import type { RawValidator } from './violations.js';
import { apiIds, bundleOf, late, requestExample, validatorsOf } from './test-support/bundles.js';

interface PatternSite {
  api: string;
  pointer: string;
  pattern: string;
  maxLength: number | undefined;
}

/** Every schema of every bundle with a `pattern`, wherever it sits. */
const sites: PatternSite[] = apiIds.flatMap((api) => {
  const found: PatternSite[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    const { pattern, maxLength } = node as { pattern?: unknown; maxLength?: unknown };
    if (typeof pattern === 'string') found.push({ api, pointer, pattern, maxLength: typeof maxLength === 'number' ? maxLength : undefined });
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'examples') continue;
      walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(bundleOf(api), '');
  return found;
});

const compiled = new Map<string, RawValidator>();
function validatorOf({ api, pointer }: PatternSite): RawValidator {
  const key = `${api}#${pointer}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = createAjv(api).getSchema(key) as RawValidator;
    compiled.set(key, validate);
  }
  return validate;
}

/** Hostile strings of length about n: runs of each character the pattern names or classes take, after its literal prefix. */
function hostile(pattern: string, n: number): string[] {
  const literals = pattern.replace(/\\[dDwWsSbB]/g, '').replace(/[\\^$()[\]{}*+?|]/g, '');
  const chars = [...new Set(['a', 'A', '0', '_', ' ', '-', '/', '+', '.', '=', ';', ...literals])];
  const prefix = /^\^((?:\\.|[A-Za-z0-9=-])*)/.exec(pattern)?.[1]?.replace(/\\(.)/g, '$1') ?? '';
  return chars.flatMap((c) => [c.repeat(n), prefix + c.repeat(n), `${c}/`.repeat(n >> 1), `a${c}`.repeat(n >> 1)]);
}

const realTest = RegExp.prototype.test;
const realExec = RegExp.prototype.exec;
afterEach(() => {
  RegExp.prototype.test = realTest;
  RegExp.prototype.exec = realExec;
});

/** The longest string each regular expression (by source) was run on during `run`. */
function longestTested(run: () => void): Map<string, number> {
  const seen = new Map<string, number>();
  const note = (re: RegExp, s: unknown) => {
    if (typeof s === 'string') seen.set(re.source, Math.max(seen.get(re.source) ?? 0, s.length));
  };
  RegExp.prototype.test = function (this: RegExp, s: string) {
    note(this, s);
    return realTest.call(this, s);
  };
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    note(this, s);
    return realExec.call(this, s);
  };
  try {
    run();
  } finally {
    RegExp.prototype.test = realTest;
    RegExp.prototype.exec = realExec;
  }
  return seen;
}

/** A linear reference: one look at each character. */
function scan(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += value.charCodeAt(i);
  return sum >= 0;
}

/** Time of validating every value `reps` times, the least of three tries (after one warm-up). */
function cost(validate: (value: string) => unknown, values: readonly string[], reps: number): number {
  for (const value of values) validate(value);
  let best = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const start = performance.now();
    for (let i = 0; i < reps; i++) for (const value of values) validate(value);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Repetitions that make the short strings take a few milliseconds, well above the timer's grain. */
function repsFor(validate: (value: string) => unknown, values: readonly string[]): number {
  let reps = 1;
  while (reps < 4096 && cost(validate, values, reps) < 4) reps *= 2;
  return reps;
}

describe('every pattern of every bundle, on long strings', () => {
  it('has patterns to check, C MimeType among them', () => {
    expect(sites.length).toBeGreaterThanOrEqual(8);
    expect(sites.map((s) => s.pattern)).toContain('\\w+\\/[-+.\\w]+');
  });

  it('every pattern has a maxLength beside it or is fixed-width anchored (generation refuses others)', () => {
    for (const site of sites) expect(site.maxLength !== undefined || isFixedWidthAnchored(site.pattern), `${site.api}${site.pointer}`).toBe(true);
    for (const api of apiIds) expect(unboundedPatterns(bundleOf(api))).toEqual([]);
    expect(unboundedPatterns({ components: { schemas: { A: { type: 'string', pattern: '\\w+\\/[-+.\\w]+' } } } })).toEqual([
      '/components/schemas/A/pattern "\\\\w+\\\\/[-+.\\\\w]+"',
    ]);
  });

  it.each(sites.map((s) => [`${s.api}${s.pointer} ${s.pattern}`, s] as const))('%s: never tested on more than its maxLength', (_name, site) => {
    const validate = validatorOf(site);
    const seen = longestTested(() => {
      for (const value of hostile(site.pattern, 20_000)) validate(value);
    });
    const longest = seen.get(new RegExp(site.pattern, 'u').source) ?? 0;
    if (site.maxLength !== undefined) expect(longest).toBeLessThanOrEqual(site.maxLength);
    else expect(isFixedWidthAnchored(site.pattern)).toBe(true);
  }, 60_000);

  it.each(sites.map((s) => [`${s.api}${s.pointer} ${s.pattern}`, s] as const))('%s: 8 times the string costs no more than a linear scan grows', (_name, site) => {
    const validate = validatorOf(site);
    // Both lengths over the limit, so both take the same path.
    const n = Math.max(5_000, (site.maxLength ?? 0) + 1);
    // The runs of one character: the strings that make a backtracking pattern quadratic.
    const short = hostile(site.pattern, n).filter((_s, i) => i % 4 === 0);
    const long = hostile(site.pattern, 8 * n).filter((_s, i) => i % 4 === 0);
    const reps = repsFor(validate, short);
    const scanReps = repsFor(scan, short);
    // Measured up to three times: noise (other work on the machine) only ever makes one look worse.
    let ratio = Infinity;
    for (let round = 0; round < 3 && ratio >= 3; round++) {
      const growth = cost(validate, long, reps) / cost(validate, short, reps);
      const linearGrowth = cost(scan, long, scanReps) / cost(scan, short, scanReps);
      ratio = Math.min(ratio, growth / linearGrowth);
    }
    expect(ratio).toBeLessThan(3);
  }, 60_000);

  it('random strings over the pattern characters: the pattern never sees more than its maxLength', () => {
    const bounded = sites.filter((s) => s.maxLength !== undefined);
    fc.assert(
      fc.property(fc.constantFrom(...bounded), fc.string({ unit: fc.constantFrom('a', '0', '/', '+', '.', '-', '_', ' ', 'é', '😀'), minLength: 0, maxLength: 600 }), (site, value) => {
        const seen = longestTested(() => void validatorOf(site)(value));
        expect(seen.get(new RegExp(site.pattern, 'u').source) ?? 0).toBeLessThanOrEqual(2 * site.maxLength!);
      }),
      { numRuns: 300 },
    );
  });
});

describe("C's media type (MimeType, unanchored as section 2.3 gives it), through the generated validator", () => {
  const send = validatorsOf('im-v1').operations.sendMessage!.body!;
  const withType = (type: string) => ({
    ...(requestExample('im-v1', 'sendMessage') as object),
    message: { type: 'media', media: { type, url: 'https://example.com/a.png' } },
  });

  it('a 200,000-character type is refused by maxLength alone; the pattern is not run on it', () => {
    const seen = longestTested(() => {
      expect(send(withType('a'.repeat(200_000)), late)).toEqual([
        expect.objectContaining({ pointer: '/message/media/type', rule: 'maxLength', limit: 255 }),
      ]);
    });
    expect(seen.get('\\w+\\/[-+.\\w]+') ?? 0).toBeLessThanOrEqual(255);
  });

  it('keeps its meaning within the limit: unanchored, so text around a type passes; no slash fails', () => {
    expect(send(withType('see image/png here'), late)).toEqual([]);
    expect(send(withType('a'.repeat(255)), late)).toEqual([expect.objectContaining({ pointer: '/message/media/type', rule: 'pattern' })]);
    // 255 code points of 2 UTF-16 units each keep the limit, so the pattern decides.
    expect(send(withType(`${'😀'.repeat(254)}/`), late)).toEqual([expect.objectContaining({ rule: 'pattern' })]);
    expect(send(withType('😀'.repeat(256)), late)).toEqual([expect.objectContaining({ rule: 'maxLength' })]);
  });
});
