// The generated bodies: drawing the first `count` candidates alone (src/generate.ts) keeps exactly
// the bodies the full draw of `count * 10` would keep, for every operation of the four bundles, and
// falls back to the full draw when one of them is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_IDS, bundle, operationsOf } from '../src/contract.js';
import { arbitraryOf, generateValid } from '../src/generate.js';

const now = Date.UTC(2030, 0, 1);
const withBodies = API_IDS.flatMap((api) => operationsOf(api).flatMap((op) => (op.bodySchema ? [{ api, op, schema: op.bodySchema, context: { document: bundle(api), now } }] : [])));
/** What generateValid kept before: the valid ones among `count * 10` candidates, the first `count`. */
const fullDraw = (c: (typeof withBodies)[number], count: number, seed: number, accepts: (value: unknown) => boolean) =>
  fc.sample(arbitraryOf(c.schema, c.context), { numRuns: count * 10, seed }).filter(accepts).slice(0, count);

describe('generateValid', () => {
  it('has operations with bodies in every interface', () => {
    expect(new Set(withBodies.map((c) => c.api))).toEqual(new Set(API_IDS));
  });

  it.each(withBodies.map((c) => [`${c.api} ${c.op.operationId}`, c] as const))('%s: the bodies of the full draw, valid ones', (_name, c) => {
    const accepts = (value: unknown) => c.op.validators.body!(value, { now: () => now }).length === 0;
    for (const [count, seed] of [
      [3, 1],
      [30, 7919 + 1000],
    ] as const) {
      const bodies = generateValid(c.schema, c.context, count, seed, accepts);
      expect(bodies).toHaveLength(count);
      expect(bodies).toEqual(fullDraw(c, count, seed, accepts));
    }
  });

  it('draws the full count * 10 when a first candidate is refused, and keeps the valid ones in order', () => {
    const c = withBodies.find((w) => w.api === 'im-v1' && w.op.operationId === 'sendMessage')!;
    // Refuses every body whose JSON text has an even length: about half, first ones included.
    const accepts = (value: unknown) => JSON.stringify(value).length % 2 === 1;
    const bodies = generateValid(c.schema, c.context, 5, 3, accepts);
    expect(bodies).toEqual(fullDraw(c, 5, 3, accepts));
    expect(bodies.length).toBeGreaterThan(0);
    expect(generateValid(c.schema, c.context, 0, 3, accepts)).toEqual([]);
  });
});
