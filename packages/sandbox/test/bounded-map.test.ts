import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../src/bounded-map.js';

describe('BoundedMap', () => {
  it('keeps at most cap entries, evicting the oldest still present, whatever is set and deleted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 30 })), { maxLength: 200 }), (cap, steps) => {
        const map = new BoundedMap<number, number>(cap);
        const model: number[] = []; // insertion order of present keys
        for (const [isSet, key] of steps) {
          if (isSet) {
            if (!model.includes(key)) {
              if (model.length >= cap) model.shift();
              model.push(key);
            }
            map.set(key, key);
          } else {
            map.delete(key);
            if (model.includes(key)) model.splice(model.indexOf(key), 1);
          }
          expect([...map.keys()]).toEqual(model);
        }
      }),
      { numRuns: 500 },
    );
  });

  // Found by the property on a fresh clone: a key deleted by hand and set again left its old queue
  // place behind, and eviction then removed the newer entry instead of the oldest one.
  it('evicts the oldest entry, not a key deleted and set again', () => {
    const map = new BoundedMap<number, number>(2);
    map.set(1, 1);
    map.set(0, 0);
    map.delete(1);
    map.set(1, 1);
    map.set(2, 2);
    expect([...map.keys()]).toEqual([1, 2]);
  });
});
