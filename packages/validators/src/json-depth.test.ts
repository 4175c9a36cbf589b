// The nesting bound checked on a body's text before it is parsed: the depth it finds is the parsed
// value's, whatever the strings hold (brackets, quotes, runs of backslashes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsDepth } from './json-depth.js';

const depth = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;

describe('exceedsDepth', () => {
  it('agrees with the depth of the parsed value', () => {
    const tricky = fc.stringMatching(/^[[\]{}"\\a]{0,12}$/);
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, tricky, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(tricky, tie('node'), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(fc.oneof(value, fc.jsonValue()), fc.integer({ min: 0, max: 6 }), (v, max) => {
        const text = JSON.stringify(v);
        expect(exceedsDepth(text, max)).toBe(depth(JSON.parse(text)) > max);
      }),
      { numRuns: 500 },
    );
  });

  it('reads strings that end in backslashes, and an unterminated string, without a false depth', () => {
    expect(exceedsDepth(JSON.stringify({ a: '\\', b: [[['x\\\\']]] }), 3)).toBe(true);
    expect(exceedsDepth(JSON.stringify({ a: '\\"[[[[', b: 1 }), 1)).toBe(false);
    expect(exceedsDepth('["[[[[', 1)).toBe(false);
    expect(exceedsDepth(`{"a":"${'x'.repeat(100_000)}","b":${'['.repeat(65)}${']'.repeat(65)}}`)).toBe(true);
  });
});
