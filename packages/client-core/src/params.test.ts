// params.ts against openapi-fetch's own serializers: the same output for every string and number
// value (the only kinds the four contracts have, which each client's wire suite checks against its
// bundle), and a TypeError naming the parameter for an array or an object.
import fc from 'fast-check';
import { createQuerySerializer as openapiQuery, defaultPathSerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createQuerySerializer, integerPathSerializer, pathSerializer } from './params.js';

// Names as a contract spells them; values of every kind a caller's code could hold.
const name = fc.stringMatching(/^[A-Za-z_][\w-]{0,8}$/);
const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const params = fc.dictionary(name, value, { maxKeys: 5 });

describe('query parameters', () => {
  it("serialize as openapi-fetch's createQuerySerializer, with or without options", () => {
    fc.assert(
      fc.property(params, fc.option(fc.record({ allowReserved: fc.boolean() }), { nil: undefined }), (query, options) => {
        expect(createQuerySerializer(options)(query)).toBe(openapiQuery(options)(query));
      }),
      { numRuns: 500 },
    );
  });

  it('treat anything but an object as no parameters, as openapi-fetch does', () => {
    for (const query of [undefined, null, 'a=1', 7]) expect(createQuerySerializer()(query as never)).toBe('');
  });

  it.each([
    ['an array', ['a', 'b']],
    ['an object', { a: 1 }],
  ])('refuse %s, naming the parameter', (_title, given) => {
    expect(() => createQuerySerializer()({ id: 'x', tags: given })).toThrow(new TypeError('query parameter tags must be a string or a number (pass a querySerializer for others)'));
  });
});

describe('path parameters', () => {
  // A template of fixed segments and `{name}`s, mostly of the names that have a value.
  const withTemplate = params.chain((values) =>
    fc.tuple(
      fc
        .array(fc.oneof(fc.constantFrom('/things', '/a-b', '/'), fc.constantFrom(...Object.keys(values), 'unset').map((n) => `/{${n}}`)), { maxLength: 4 })
        .map((parts) => parts.join('')),
      fc.constant(values),
    ),
  );

  it("serialize as openapi-fetch's defaultPathSerializer in simple-style templates", () => {
    fc.assert(
      fc.property(withTemplate, ([path, values]) => {
        const url = `https://api.example.com/rest${path}`;
        const segments = Object.values(values).map((v) => (v == null ? '' : encodeURIComponent(v as string)));
        fc.pre(!segments.includes('.') && !segments.includes('..'));
        expect(pathSerializer(url, values)).toBe(defaultPathSerializer(url, values));
      }),
      { numRuns: 500 },
    );
  });

  it('fill a template that occurs twice, and leave one without a value', () => {
    expect(pathSerializer('/a/{id}/b/{id}/{other}', { id: 'x y' })).toBe('/a/x%20y/b/x%20y/{other}');
  });

  it.each(['.', '..'])('refuse %j (a dot segment), naming the parameter', (dots) => {
    expect(() => pathSerializer('/things/{id}', { id: dots })).toThrow(new TypeError(`path parameter id must not be "." or ".."`));
  });

  it.each([
    ['an array', [1, 2]],
    ['an object', { a: 1 }],
  ])('refuse %s, naming the parameter', (_title, given) => {
    expect(() => pathSerializer('/lists/{list_id}', { list_id: given })).toThrow(new TypeError('path parameter list_id must be a string or a number (pass a pathSerializer for others)'));
  });
});

describe('integer path parameters (A, D)', () => {
  // What a serializer returns, or the error it throws (pathSerializer refuses "." and "..").
  const outcome = (serialize: typeof pathSerializer, id: unknown) => {
    try {
      return serialize('/lists/{list_id}', { list_id: id });
    } catch (error) {
      return error;
    }
  };

  it('serialize a safe integer, a bigint and a string as pathSerializer does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.bigInt(), fc.string(), fc.constantFrom('.', '..')), (id) => {
        expect(outcome(integerPathSerializer, id)).toEqual(outcome(pathSerializer, id));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    // 12345678901234567890 as written: the number already holds 12345678901234567000.
    ['beyond 2^53 - 1', Number('12345678901234567890'), '12345678901234567000'],
    ['2^53, the first unsafe one', 2 ** 53, '9007199254740992'],
    ['below -(2^53 - 1)', -(2 ** 53), '-9007199254740992'],
    ['a fraction', 1.5, '1.5'],
    ['NaN', Number.NaN, 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
  ])('refuse a number %s, naming the parameter and the rule', (_title, id, shown) => {
    expect(() => integerPathSerializer('/lists/{list_id}', { list_id: id })).toThrow(
      new TypeError(`path parameter list_id must be an integer, as a number up to 2^53-1 in magnitude or a bigint (got ${shown})`),
    );
  });
});
