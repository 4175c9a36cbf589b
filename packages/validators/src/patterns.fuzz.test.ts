// Long strings for every pattern of every bundle: matching takes time linear in the string
// (scripts/patterns.ts). Two checks, both run on each pattern's schema as the generator compiles
// it, and on C's media type through the generated validator. Counted, never timed (a timed ratio
// here failed under load): no pattern is ever tested on more characters than the `maxLength` beside
// it (a pattern without one must be fixed-width anchored, which generation enforces), so a pattern's
// cost is bounded by its limit whatever the input's length, and the rest (maxLength) is linear.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createAjv } from '../scripts/generate.js';
import { isFixedWidthAnchored, unboundedPatterns } from '../scripts/patterns.js';
import type { RawValidator } from './violations.js';
import { apiIds, bundleOf, late, requestExample, validatorsOf } from './test-support/bundles.js';
import { schemaValue } from './test-support/schema-value.js';

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

  // The limit as the bundle holds it (a maintainer may change it); the length behaviour is the test.
  const max: number = schemaValue('im-v1', 'MimeType', undefined, 'maxLength');
  const pattern: string = schemaValue('im-v1', 'MimeType', undefined, 'pattern');

  it('a 200,000-character type is refused by maxLength alone; the pattern is not run on it', () => {
    const seen = longestTested(() => {
      expect(send(withType('a'.repeat(200_000)), late)).toEqual([
        expect.objectContaining({ pointer: '/message/media/type', rule: 'maxLength', limit: max }),
      ]);
    });
    expect(seen.get(new RegExp(pattern, 'u').source) ?? 0).toBeLessThanOrEqual(max);
  });

  it('keeps its meaning within the limit: unanchored, so text around a type passes; no slash fails', () => {
    expect(send(withType('see image/png here'), late)).toEqual([]);
    expect(send(withType('a'.repeat(max)), late)).toEqual([expect.objectContaining({ pointer: '/message/media/type', rule: 'pattern' })]);
    // `max` code points of 2 UTF-16 units each keep the limit, so the pattern decides.
    expect(send(withType(`${'😀'.repeat(max - 1)}/`), late)).toEqual([expect.objectContaining({ rule: 'pattern' })]);
    expect(send(withType('😀'.repeat(max + 1)), late)).toEqual([expect.objectContaining({ rule: 'maxLength' })]);
  });
});
