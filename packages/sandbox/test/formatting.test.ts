// The hand-rolled formatting of the request path (faster than the built-ins, `pnpm bench`) writes
// exactly what the built-ins wrote: timestamps as Date's toISOString, seeded ids as before.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIds } from '../src/ids.js';
import { isoTime } from '../src/operation.js';

describe('isoTime', () => {
  it("writes Date's toISOString, day after day and at the edges of the range", () => {
    const edges = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2030, 0, 1), 253_402_300_799_999, 253_402_300_800_000, -1, -62_198_755_200_000, 1.5, 8.64e15];
    for (const ms of edges) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => isoTime(ms) === new Date(ms).toISOString()));
    // Consecutive stamps within one day use the kept date part.
    for (let ms = Date.UTC(2031, 5, 30, 23, 59, 58); ms < Date.UTC(2031, 6, 1, 0, 0, 2); ms += 7) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('seeded ids', () => {
  it('repeat the UUIDs seeded runs have always given (snapshots of consumers keep matching)', () => {
    const ids = createIds('ids-test');
    expect([ids.uuid(), ids.uuid(), ids.uuid()]).toEqual([
      'c12243a4-2e0e-41b8-bf63-e11f17ca28f1',
      'f0abea2f-248d-4552-a66a-b77cd27d6273',
      '1f4469c5-4e61-46ab-9e01-5ad86b03c49f',
    ]);
    // And the next 10 000 (every variant digit), as a digest of what the hex-string slicing wrote.
    const digest = createHash('sha256');
    const more = createIds('ids-test');
    for (let i = 0; i < 10_000; i++) digest.update(more.uuid());
    expect(digest.digest('hex')).toBe('019ba4f7ab669fc3e0ee163e1856f840ec2bee7b1fb2251c806eba3d530611e1');
  });
});
