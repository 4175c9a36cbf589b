// Many invalid array items and deep nesting, for every array in every operation's examples: the
// violations listed are bounded (the first `maxViolations`, default 100, then one note of how
// many more), and the work is linear in the number of items, counted, never timed (a timed ratio
// here failed under load): errors are appended in place, never copied by `concat` (ajv's own
// collection copied every error so far for each failing item: 60,000 items took over 4 s), and 16
// times the items append 16 times the errors.
import { describe, expect, it } from 'vitest';
import type { Validator } from './runtime.js';
import { apiIds, late, requestExample, responseExamples, validatorsOf } from './test-support/bundles.js';
import { defaultMaxViolations } from './violations.js';

interface ArraySite {
  name: string;
  validate: Validator;
  example: unknown;
  /** Path to an array in the example. */
  path: Array<string | number>;
  item: unknown;
}

const escape = (token: string | number) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

function arraysIn(value: unknown, path: Array<string | number> = []): Array<{ path: Array<string | number>; item: unknown }> {
  if (Array.isArray(value)) return [...(value.length > 0 ? [{ path, item: value[0] }] : []), ...value.flatMap((v, i) => arraysIn(v, [...path, i]))];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => arraysIn(v, [...path, k]));
  return [];
}

/** `example` with the array at `path` replaced by `items`. */
function withArray(example: unknown, path: Array<string | number>, items: unknown[]): unknown {
  if (path.length === 0) return items;
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let node = copy;
  for (const token of path.slice(0, -1)) node = node[token] as Record<string | number, unknown>;
  node[path.at(-1)!] = items;
  return copy;
}

const sites: ArraySite[] = apiIds.flatMap((api) => {
  const { operations } = validatorsOf(api);
  const out: ArraySite[] = [];
  for (const operation of Object.values(operations)) {
    if (operation.body) {
      let example: unknown;
      try {
        example = requestExample(api, operation.operationId);
      } catch {
        example = undefined;
      }
      if (example !== undefined) {
        for (const { path, item } of arraysIn(example)) {
          out.push({ name: `${api} ${operation.operationId} body /${path.map(escape).join('/')}`, validate: operation.body, example, path, item });
        }
      }
    }
  }
  for (const [operationId, status, example] of responseExamples(api)) {
    const validate = operations[operationId]?.responses[status];
    if (!validate) continue;
    for (const { path, item } of arraysIn(example)) out.push({ name: `${api} ${operationId} ${status} /${path.map(escape).join('/')}`, validate, example, path, item });
  }
  return out;
});

/** An item that breaks the item schema in more than one way, whatever it is: the wrong type. */
const invalidItem = (item: unknown) => (typeof item === 'object' ? 7 : { wrong: [] });

/** Calls of Array.prototype.push and .concat while `run` runs (the validators' only ways to collect errors). */
function arrayCalls(run: () => void): { push: number; concat: number } {
  const { push, concat } = Array.prototype;
  const calls = { push: 0, concat: 0 };
  Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
    calls.push++;
    return push.apply(this, items);
  };
  Array.prototype.concat = function (this: unknown[], ...items: unknown[]) {
    calls.concat++;
    return concat.apply(this, items as never);
  } as typeof concat;
  try {
    run();
  } finally {
    Array.prototype.push = push;
    Array.prototype.concat = concat;
  }
  return calls;
}

describe('many invalid array items, for every array in every example', () => {
  it('has arrays to check, in more than one interface', () => {
    expect(new Set(sites.map((s) => s.name.split(' ')[0])).size).toBeGreaterThan(1);
  });

  it.each(sites.map((s) => [s.name, s] as const))('%s: 6,000 invalid items list 100 violations and a note of the rest', (_name, site) => {
    // 60 times the default bound: a list that is not cut shows at once (6,001 or more). 60,000 items
    // proved no more and cost a second of CPU (mostly garbage collection) per Node version; the
    // linear-work test below counts the appends of 32,000.
    const value = withArray(site.example, site.path, Array.from({ length: 6_000 }, () => invalidItem(site.item)));
    const violations = site.validate(value, late);
    expect(violations.length).toBeLessThanOrEqual(defaultMaxViolations + 1);
    if (violations.length === defaultMaxViolations + 1) {
      expect(violations.at(-1)).toMatchObject({ pointer: '', rule: 'maxViolations', limit: defaultMaxViolations });
      expect(violations.at(-1)!.message).toMatch(/^and \d+ more violations, not listed \(at most 100 are\)$/);
    }
    expect(site.validate(value, { ...late, maxViolations: 3 }).length).toBeLessThanOrEqual(4);
  }, 60_000);

  it.each(sites.map((s) => [s.name, s] as const))('%s: 16 times the invalid items append 16 times the errors, none copied', (_name, site) => {
    const n = 2_000;
    const make = (count: number) => withArray(site.example, site.path, Array.from({ length: count }, () => invalidItem(site.item)));
    const short = make(n);
    const long = make(16 * n);
    const few = arrayCalls(() => void site.validate(short, late));
    const many = arrayCalls(() => void site.validate(long, late));
    expect(many.concat).toBe(0);
    expect(few.push).toBeGreaterThanOrEqual(n);
    // Linear: the same appends per item (a few more for the rest of the body and the note).
    expect(many.push).toBeLessThanOrEqual(16 * few.push);
  }, 60_000);
});

describe('nesting depth', () => {
  /** An array nested `depth` deep, built without recursion. */
  const deep = (depth: number) => {
    let value: unknown = [];
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  it.each(sites.map((s) => [s.name, s] as const))('%s: 100,000-deep items and fields neither throw nor pass', (_name, site) => {
    const nested = deep(100_000);
    const asItems = withArray(site.example, site.path, [nested, nested]);
    expect(() => site.validate(asItems, late)).not.toThrow();
    expect(site.validate(asItems, late).length).toBeGreaterThan(0);
    const asValue = withArray(site.example, [], [nested]);
    expect(() => site.validate(asValue, late)).not.toThrow();
  }, 60_000);
});
