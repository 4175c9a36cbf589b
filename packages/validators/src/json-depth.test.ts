// The nesting bound checked on a body's text before it is parsed: the depth it finds is the parsed
// value's, whatever the strings hold (brackets, quotes, runs of backslashes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsDepth, scanJsonText } from './json-depth.js';

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

// RFC 8259 section 4: names SHOULD be unique, and what a parser does with a repeated one is
// unpredictable (JSON.parse keeps the last; a proxy or a log pipeline may keep the first). The
// same pass that bounds the depth finds the first repeated key, compared after unescaping.
describe('scanJsonText: the first repeated key', () => {
  it("names the trial's two by their JSON pointers", () => {
    expect(scanJsonText('{"destination":{"mobile":"not a number","mobile":"+447700900123"},"message":{}}')).toEqual({ tooDeep: false, duplicateKey: '/destination/mobile' });
    expect(scanJsonText('{"id":"8ba45917","status":"failed","status":"received"}')).toEqual({ tooDeep: false, duplicateKey: '/status' });
  });

  it('compares keys after unescaping: "a" and "\\u0061" are one key', () => {
    expect(scanJsonText('{"a":1,"\\u0061":2}').duplicateKey).toBe('/a');
    expect(scanJsonText('{"x\\"y":1,"x\\u0022y":2}').duplicateKey).toBe('/x"y');
  });

  it('finds one inside nested objects and arrays of objects, and escapes the pointer (RFC 6901)', () => {
    expect(scanJsonText('{"a":{"b":{"c":1,"d":2,"c":3}}}').duplicateKey).toBe('/a/b/c');
    expect(scanJsonText('{"list":[{"k":1},{"k":2},{"k":3,"k":4}]}').duplicateKey).toBe('/list/2/k');
    expect(scanJsonText('[[1,2],[{"a/b":1,"a/b":2}]]').duplicateKey).toBe('/1/0/a~1b');
    expect(scanJsonText('{"~":{"":1,"":2}}').duplicateKey).toBe('/~0/');
  });

  it('allows the same key in different objects, in arrays of objects, and as a value', () => {
    expect(scanJsonText('{"a":{"a":{"a":1}},"b":{"a":2}}').duplicateKey).toBeUndefined();
    expect(scanJsonText('[{"id":1,"v":"id"},{"id":2,"v":"id"}]').duplicateKey).toBeUndefined();
    expect(scanJsonText('{"a":"a","b":["a","a"],"c":"b"}').duplicateKey).toBeUndefined();
    expect(scanJsonText('{"a":"}","b":"{\\"b\\":1}","c":1}').duplicateKey).toBeUndefined();
  });

  it('still bounds the depth, and reads text that is not JSON without throwing', () => {
    expect(scanJsonText(`{"a":1,"a":2,"b":${'['.repeat(65)}${']'.repeat(65)}}`).tooDeep).toBe(true);
    for (const text of ['{"a":1,"a', '}}]],,"a":"a":', '{"\\u00zz":1,"\\u00zz":2}', '{"a\\', ',"a",']) {
      expect(() => scanJsonText(text)).not.toThrow();
    }
  });

  it('cuts a long key in the pointer it gives', () => {
    const key = 'k'.repeat(1000);
    expect(scanJsonText(`{"${key}":1,"${key}":2}`).duplicateKey).toBe(`/${'k'.repeat(64)}…`);
  });

  // Objects as lists of members, so a key may repeat, written with their keys escaped or not: the
  // first repeated key in text order, found by walking the tree, is the one the pass names.
  type Node = string | number | Node[] | { members: [string, Node][] };
  const key = fc.stringMatching(/^[ab~/"\\é]{0,2}$/);
  const node = fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.integer(),
      key,
      fc.array(tie('node'), { maxLength: 3 }),
      fc.record({ members: fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }) }),
    ),
  })).node;
  const escaped = (text: string) => `"${[...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;
  const write = (n: Node, escape: boolean): string =>
    Array.isArray(n)
      ? `[${n.map((item) => write(item, escape)).join(',')}]`
      : typeof n === 'object'
        ? `{${n.members.map(([k, v], i) => `${escape && i % 2 ? escaped(k) : JSON.stringify(k)}:${write(v, escape)}`).join(',')}}`
        : JSON.stringify(n);
  const token = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');
  const firstRepeated = (n: Node, at: string): string | undefined => {
    if (Array.isArray(n)) {
      for (const [i, item] of n.entries()) {
        const found = firstRepeated(item, `${at}/${i}`);
        if (found !== undefined) return found;
      }
    } else if (typeof n === 'object') {
      const seen = new Set<string>();
      for (const [k, v] of n.members) {
        if (seen.has(k)) return `${at}/${token(k)}`;
        seen.add(k);
        const found = firstRepeated(v, `${at}/${token(k)}`);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };

  it('agrees with a walk of the tree the text was written from, keys escaped or not', () => {
    fc.assert(
      fc.property(node, fc.boolean(), (tree, escape) => {
        const text = write(tree, escape);
        expect(scanJsonText(text, 1000)).toEqual({ tooDeep: false, duplicateKey: firstRepeated(tree, '') });
      }),
      { numRuns: 1000 },
    );
  });
});
