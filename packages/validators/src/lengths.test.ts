// `maxLength` counts code points only past its limit in UTF-16 units (scripts/lengths.ts): the
// same verdicts and errors as ajv's own, and no count in the generated code for a string within it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv, generatedDir } from '../scripts/generate.js';

describe('maxLength', () => {
  const bundle = { openapi: '3.1.0', components: { schemas: { S: { type: 'string', maxLength: 3, pattern: '^[a😀]*$' } } } };
  const tuned = createAjv('x', bundle).getSchema('x#/components/schemas/S')!;
  const own = createAjv('x', bundle, {}, { tuned: false }).getSchema('x#/components/schemas/S')!;

  it("judges strings with surrogate pairs (one code point, two units) as ajv's own", () => {
    expect(tuned('😀😀😀')).toBe(true); // 6 units, 3 code points
    expect(tuned('😀😀😀a')).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '😀', '\uD800', 'b'), maxLength: 8 }), (value) => {
        expect(tuned(value)).toBe(own(value));
        expect(tuned.errors ?? null).toEqual(own.errors ?? null);
      }),
      { numRuns: 300 },
    );
  });

  it('is counted in code points by the generated validators only past the limit in units', () => {
    const counted = readdirSync(generatedDir).flatMap((file) => readFileSync(join(generatedDir, file), 'utf8').match(/^if\(.*\bfunc\d+\(data\d*\) > \d+\)\{$/gm) ?? []);
    expect(counted.length).toBeGreaterThan(0);
    for (const line of counted) expect(line).toMatch(/^if\((data\d*)\.length > (\d+) && func\d+\(\1\) > \2\)\{$/);
  });
});
