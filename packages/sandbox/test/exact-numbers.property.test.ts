// src/exact-numbers.ts against exact arithmetic: a JSON number literal reads as another number
// when JSON.parse gives Infinity, an integer beyond 2^53 - 1, or an integer the literal's exact
// value (a rational, held here as BigInts) is not. Fractions that read as fractions are left to the
// validators. The pointer is client-core's, for the number in its place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_IDS, bundle, deref, type Json } from '../src/contract.js';
import { firstChangedNumber } from '../src/exact-numbers.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The literal's exact value as numerator / 10^shift, then the verdict. */
function readsAsAnother(literal: string): boolean {
  const value = Number(literal);
  if (!Number.isFinite(value)) return true;
  if (!Number.isInteger(value)) return false;
  const [, sign, digits, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/.exec(literal)!;
  const power = Number(exponent) - fraction.length;
  const mantissa = BigInt(`${sign}${digits}${fraction}`);
  let exact: bigint | undefined;
  if (power >= 0) exact = mantissa * 10n ** BigInt(power);
  else if (mantissa % 10n ** BigInt(-power) === 0n) exact = mantissa / 10n ** BigInt(-power);
  if (exact === undefined) return true; // not an integer, yet read as one
  return exact > MAX_SAFE || exact < -MAX_SAFE || exact !== BigInt(value);
}

const digitRun = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const literal = fc
  .tuple(fc.boolean(), fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,24}$/), fc.stringMatching(/^[1-9][0-9]{14,16}$/), fc.bigInt({ min: 2n ** 53n - 4n, max: 2n ** 53n + 4n }).map(String)), fc.option(digitRun(1, 24)), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 420 }))))
  .map(([negative, int, fraction, exponent]) => `${negative ? '-' : ''}${int}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `${exponent[0]}${exponent[1]}${exponent[2]}`}`);

describe('firstChangedNumber', () => {
  it('agrees with exact arithmetic on every literal, as a value and inside an array beside a string that looks like one', () => {
    fc.assert(
      fc.property(literal, (text) => {
        const expected = readsAsAnother(text);
        expect(firstChangedNumber(text), text).toBe(expected ? '' : undefined);
        expect(firstChangedNumber(`{"s":"${text} \\" ${text}","a":[0,${text}]}`), text).toBe(expected ? '/a/1' : undefined);
      }),
      { numRuns: 3000 },
    );
  });

  it('names the first, with the pointer client-core gives a plain literal (keys escaped)', () => {
    expect(firstChangedNumber('{"a/b~":{"":[1,2.5,1e2,-9007199254740993.0,1e400]}}')).toBe('/a~1b~0//3');
    expect(firstChangedNumber('[1.5e300]')).toBe('/0');
    // At 2^53 - 1, as plain literals (the most digits the pass skips without reading: 15).
    expect(firstChangedNumber('[999999999999999,-999999999999999,9007199254740991,-9007199254740991]')).toBeUndefined();
    expect(firstChangedNumber('[9007199254740991,9007199254740992]')).toBe('/1');
    expect(firstChangedNumber('[1,-9007199254740992]')).toBe('/1');
    expect(firstChangedNumber('{"x":"1e400","y":[1.0,-0.0,0e999,25e-1]}')).toBeUndefined();
  });
});

// src/exact-numbers.ts refuses any number that reads as an integer beyond 2^53 - 1, however large a
// double: right while no request body holds a `type: number` field, where 1.5e300 would be a value.
it('no request body of the four bundles has a field of type number (only integers)', () => {
  const numbers: string[] = [];
  const integers: string[] = [];
  const walk = (document: Json, node: Json | undefined, where: string, seen: Set<Json>): void => {
    const schema = deref(document, node);
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number'))) numbers.push(where);
    if (schema.type === 'integer') integers.push(where);
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Json)) walk(document, child, `${where}/${name}`, seen);
    for (const key of ['items', 'additionalProperties'] as const) if (typeof schema[key] === 'object') walk(document, schema[key], `${where}/${key}`, seen);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const child of (schema[key] ?? []) as Json[]) walk(document, child, where, seen);
  };
  let bodies = 0;
  for (const api of API_IDS) {
    const document = bundle(api);
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) {
        const content = deref(document, (operation as Json)?.requestBody)?.content as Json | undefined;
        for (const [type, media] of Object.entries(content ?? {})) {
          bodies++;
          walk(document, (media as Json).schema, `${api} ${method} ${path} ${type}`, new Set());
        }
      }
    }
  }
  expect(bodies).toBeGreaterThan(0);
  // The walk reaches the fields: the integers the security trial sent 1e400 to are among them.
  expect(integers).toEqual(expect.arrayContaining([expect.stringMatching(/^gateway-v1 post \/messages .*\/sms_class$/), expect.stringMatching(/^campaign-manager-v1 post .*delete_multiple_lists .*\/list_ids\/items$/)]));
  expect(numbers).toEqual([]);
});
