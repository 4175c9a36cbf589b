// The generator's own function formats (scripts/formats.ts) read a value as ajv-formats' full mode
// does: checked against it on listed edge cases and on generated date-times.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { functionFormats } from '../scripts/formats.js';
import { operations as imValidators } from './im-v1.js';

const require = createRequire(import.meta.url);
const { fullFormats } = require('ajv-formats/dist/formats') as typeof import('ajv-formats/dist/formats.js');
const theirs = (name: 'date-time' | 'int32' | 'int64') => {
  const format = fullFormats[name] as { validate: (value: never) => boolean } | ((value: never) => boolean);
  return typeof format === 'function' ? format : format.validate;
};
const ours = (name: string) => functionFormats[name]!.validate;

describe('date-time', () => {
  it.each([
    ['2024-02-29T00:00:00Z', true],
    ['2023-02-29T00:00:00Z', false],
    ['2026-12-01t09:30:00z', true],
    ['2026-12-01 09:30:00+02:00', true],
    ['2026-12-01T09:30:00.123456+05:30', true],
    ['2016-12-31T23:59:60Z', true],
    ['2016-12-31T22:59:60-01:00', true],
    ['2026-12-01T12:00:60Z', false],
    ['2026-12-01T09:30:00', false],
    ['2026-13-01T00:00:00Z', false],
    ['2026-04-31T00:00:00Z', false],
    ['2026-12-01T24:00:00Z', false],
    ['2026-12-01T09:60:00Z', false],
    ['2026-12-01T09:30:00+24:00', false],
    ['2026-12-01', false],
    ['', false],
  ])('%j: %s, as ajv-formats', (value, valid) => {
    expect(ours('date-time')(value as never)).toBe(valid);
    expect(theirs('date-time')(value as never)).toBe(valid);
  });

  // ajv-formats takes an out-of-range hour or minute for a leap second once the offset brings it
  // to 23:59 UTC (its leap-second branch skips the range check); RFC 3339 section 5.6 bounds them
  // (hour 00-23, minute 00-59), and so do we. Found by the property below with a random seed.
  it.each(['0000-01-01T01:60:00+02:01', '2016-12-31T24:59:60+01:00'])('%j: refused, where ajv-formats accepts it', (value) => {
    expect(ours('date-time')(value as never)).toBe(false);
    expect(theirs('date-time')(value as never)).toBe(true);
  });

  // RFC 3339 section 5.6: time-numoffset = ("+" / "-") time-hour ":" time-minute. The colon-less
  // offset is ISO 8601's basic form, which ajv-formats takes and RFC 3339 does not.
  it.each(['2026-12-01T09:30:00+0100', '2026-12-01T09:30:00-0530', '2026-12-01T09:30:00.5+0000'])('%j: refused (offset without its colon), where ajv-formats accepts it', (value) => {
    expect(ours('date-time')(value as never)).toBe(false);
    expect(theirs('date-time')(value as never)).toBe(true);
  });

  it('agrees with ajv-formats on generated date-times with hour and minute in range', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const stamp = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two(13),
        two(32),
        fc.constantFrom('T', 't', ' ', 'x'),
        two(23),
        two(59),
        two(61),
        fc.constantFrom('', '.5', '.123456'),
        fc.oneof(fc.constantFrom('Z', 'z', ''), fc.tuple(fc.constantFrom('+', '-'), two(24), fc.constantFrom(':', ''), two(60)).map((parts) => parts.join(''))),
      )
      .map(([y, mo, d, sep, h, mi, s, frac, zone]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${frac}${zone}`);
    // Except for a colon-less offset, which only ajv-formats takes (above).
    const colonless = /[+-]\d{4}$/;
    fc.assert(
      fc.property(stamp, (value) => ours('date-time')(value as never) === (theirs('date-time')(value as never) && !colonless.test(value))),
      { numRuns: 5000 },
    );
  });
});

describe('int32', () => {
  it('agrees with ajv-formats', () => {
    const values = [0, 1, -1, 1.5, 2147483647, 2147483648, -2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 2 ** 63, Number.NaN, Infinity];
    for (const value of values) expect(ours('int32')(value as never), String(value)).toBe(theirs('int32')(value as never));
    fc.assert(fc.property(fc.double(), (value) => ours('int32')(value as never) === theirs('int32')(value as never)));
  });
});

describe('int64: the signed 64-bit range as a JSON parser reads it', () => {
  it.each([
    [0, true],
    [-1, true],
    [Number.MAX_SAFE_INTEGER, true],
    // 9223372036854775807 (2^63 - 1) and -9223372036854775808 as JSON.parse reads them.
    [JSON.parse('9223372036854775807') as number, true],
    [JSON.parse('-9223372036854775808') as number, true],
    [2 ** 63 + 2048, false], // the next double above 2^63
    [-(2 ** 63) - 2048, false],
    [2 ** 64, false],
    [1e300, false],
    [-1e300, false],
    [1.5, false],
    [Number.NaN, false],
    [Infinity, false],
  ])('%s: %s', (value, valid) => {
    expect(ours('int64')(value as never)).toBe(valid);
  });

  it('takes every integer double in range and nothing else', () => {
    fc.assert(fc.property(fc.double(), (value) => ours('int64')(value as never) === (Number.isInteger(value) && Math.abs(value) <= 2 ** 63)));
  });
});

// Each format is this generator's reading (README, "What is enforced beyond JSON Schema"): the
// README says which for every format the bundles use, so none is applied unsaid.
describe('the README', () => {
  const bundles = ['gateway-v1', 'sms-v2', 'im-v1', 'campaign-manager-v1'].map((api) => require(`@messaging-contracts/openapi/${api}.json`) as unknown);
  const formats = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'format' && typeof inner === 'string') formats.add(inner);
        walk(inner);
      }
    }
  };
  bundles.forEach(walk);
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const paragraph = /^- \*\*Formats\*\*[\s\S]*?(?=^- \*\*|^#)/m.exec(readme)?.[0] ?? '';

  it.each([...formats].sort())('names the reading of `%s`', (name) => {
    const names = name === 'int32' || name === 'int64' ? '`int32`/`int64`' : `\`${name}\``;
    expect(paragraph).toContain(names);
  });

  it.each([
    ['a@example.com', true],
    ["o'hara+tag@mail.example.co.uk", true],
    ['"a b"@example.com', false],
    ['a@[192.0.2.1]', false],
    ['a@localhost', false],
    ['ünïcode@example.com', false],
  ])('`email` reads %j as %s, as it says', (value, valid) => {
    expect(imValidators.sendMessage!.body!({ destination: { email: value }, message: { type: 'text', text: { body: 'Hi' } } }).length === 0).toBe(valid);
  });
});
