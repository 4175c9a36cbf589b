import { describe, expect, it } from 'vitest';
import { bounded, describeCharacterClass, pointerTokens, toSafeText, toViolation, violationReader } from './violations.js';
import imV1Bundle from '@messaging-contracts/openapi/im-v1.json' with { type: 'json' };

// C's LongString pattern (section 2.3), read from the bundle.
const longStringPattern = (imV1Bundle as { components: { schemas: { LongString: { pattern: string } } } }).components.schemas.LongString.pattern;

describe('toViolation', () => {
  it.each([
    ['a type error', { instancePath: '/status', keyword: 'type', params: { type: 'string' } }, { pointer: '/status', property: 'status', rule: 'type', message: 'must be a string' }],
    ['a union type', { instancePath: '', keyword: 'type', params: { type: 'object,null' } }, { pointer: '', property: '', rule: 'type', message: 'must be an object or null' }],
    ['an enum', { instancePath: '/status', keyword: 'enum', params: { allowedValues: ['a', 'b'] } }, { pointer: '/status', property: 'status', rule: 'enum', message: 'must be one of "a", "b"' }],
    ['a const', { instancePath: '/k', keyword: 'const', params: { allowedValue: 'x' } }, { pointer: '/k', property: 'k', rule: 'const', message: 'must be "x"' }],
    ['an anchored pattern', { instancePath: '/to', keyword: 'pattern', params: { pattern: '^\\+' } }, { pointer: '/to', property: 'to', rule: 'pattern', limit: '^\\+', message: 'must match ^\\+' }],
    ['an unanchored pattern', { instancePath: '/media/type', keyword: 'pattern', params: { pattern: '\\w+\\/[-+.\\w]+' } }, { pointer: '/media/type', property: 'type', rule: 'pattern', limit: '\\w+\\/[-+.\\w]+', message: 'must match \\w+\\/[-+.\\w]+' }],
    [
      "C's LongString pattern",
      { instancePath: '/message/text/body', keyword: 'pattern', params: { pattern: '^[-_ a-zA-Z0-9]+$' } },
      {
        pointer: '/message/text/body',
        property: 'body',
        rule: 'pattern',
        limit: '^[-_ a-zA-Z0-9]+$',
        message: 'must match ^[-_ a-zA-Z0-9]+$ (letters, digits, space, - and _ only: no punctuation)',
      },
    ],
    ['a minLength', { instancePath: '/d', keyword: 'minLength', params: { limit: 1 } }, { pointer: '/d', property: 'd', rule: 'minLength', limit: 1, message: 'must be at least 1 character long' }],
    ['a maxItems', { instancePath: '/l', keyword: 'maxItems', params: { limit: 20 } }, { pointer: '/l', property: 'l', rule: 'maxItems', limit: 20, message: 'must have at most 20 items' }],
    ['a minItems', { instancePath: '/l', keyword: 'minItems', params: { limit: 1 } }, { pointer: '/l', property: 'l', rule: 'minItems', limit: 1, message: 'must have at least 1 item' }],
    ['a minProperties', { instancePath: '/m', keyword: 'minProperties', params: { limit: 2 } }, { pointer: '/m', property: 'm', rule: 'minProperties', limit: 2, message: 'must have at least 2 properties' }],
    ['a maximum', { instancePath: '/n', keyword: 'maximum', params: { limit: 600 } }, { pointer: '/n', property: 'n', rule: 'maximum', limit: 600, message: 'must be at most 600' }],
    ['a minimum', { instancePath: '/n', keyword: 'minimum', params: { limit: 100 } }, { pointer: '/n', property: 'n', rule: 'minimum', limit: 100, message: 'must be at least 100' }],
    ['a maxLength', { instancePath: '/detail', keyword: 'maxLength', params: { limit: 255 } }, { pointer: '/detail', property: 'detail', rule: 'maxLength', limit: 255, message: 'must be at most 255 characters long' }],
    ['a format', { instancePath: '/id', keyword: 'format', params: { format: 'uuid' } }, { pointer: '/id', property: 'id', rule: 'format', limit: 'uuid', message: 'must be a valid uuid' }],
    ['a required property', { instancePath: '', keyword: 'required', params: { missingProperty: 'a/b' } }, { pointer: '/a~1b', property: 'a/b', rule: 'required', message: 'is required' }],
    ['an additional property', { instancePath: '/x', keyword: 'additionalProperties', params: { additionalProperty: 'y' } }, { pointer: '/x/y', property: 'y', rule: 'additionalProperties', message: 'is not an allowed property' }],
    ['a fractional maximum', { instancePath: '/n', keyword: 'maximum', params: { limit: 0.5 } }, { pointer: '/n', property: 'n', rule: 'maximum', limit: 0.5, message: 'is above the documented maximum' }],
    ['anyOf, none matched', { instancePath: '', keyword: 'anyOf', params: {} }, { pointer: '', property: '', rule: 'anyOf', message: 'must match at least one of the documented alternatives (anyOf); the violations of each alternative are listed' }],
    ['oneOf, none matched', { instancePath: '/a/0', keyword: 'oneOf', params: { passingSchemas: null } }, { pointer: '/a/0', property: '0', rule: 'oneOf', message: 'must match exactly one of the documented alternatives (oneOf); the violations of each alternative are listed' }],
    ['oneOf, two matched', { instancePath: '/a/0', keyword: 'oneOf', params: { passingSchemas: [0, 1] } }, { pointer: '/a/0', property: '0', rule: 'oneOf', message: 'must match exactly one of the documented alternatives (oneOf), and matches more than one' }],
    ['an unknown keyword', { instancePath: '/n', keyword: 'multipleOf', params: { multipleOf: 3 } }, { pointer: '/n', property: 'n', rule: 'multipleOf', message: 'fails the multipleOf rule' }],
    ['a format name with punctuation', { instancePath: '/u', keyword: 'format', params: { format: 'iri-reference' } }, { pointer: '/u', property: 'u', rule: 'format', limit: 'iri-reference', message: 'must be a valid iri-reference' }],
  ])('maps %s', (_title, given, want) => {
    expect(toViolation(given)).toEqual(want);
  });
});

describe('describeCharacterClass: the words for a whole-string character class, read from the pattern', () => {
  it.each([
    [longStringPattern, 'letters, digits, space, - and _ only: no punctuation'],
    ['^[A-Za-z_]+$', 'letters and _ only: no punctuation'],
    ['^[0-9]*$', 'digits only: no punctuation'],
    ['^[a-z]+$', 'lower-case letters only: no punctuation'],
    ['^[a-z.]+$', undefined],
    ['^[^a]+$', undefined],
    ['^[\\w]+$', undefined],
    ['\\w+\\/[-+.\\w]+', undefined],
    ['^[a-z]+', undefined],
  ])('%s: %s', (pattern, words) => {
    expect(describeCharacterClass(pattern)).toBe(words);
  });
});

describe('bounded: at most max violations, then one saying how many more', () => {
  const one = (i: number) => ({ pointer: `/${i}`, property: String(i), rule: 'type', message: 'must be a string' });
  it('leaves a short list alone and cuts a long one', () => {
    expect(bounded([one(0)], 2)).toEqual([one(0)]);
    expect(bounded([one(0), one(1), one(2)], 2)).toEqual([
      one(0),
      one(1),
      { pointer: '', property: '', rule: 'maxViolations', limit: 2, message: 'and 1 more violation, not listed (at most 2 are)' },
    ]);
    expect(bounded([one(0)], 2, 5).at(-1)).toMatchObject({ rule: 'maxViolations', message: 'and 5 more violations, not listed (at most 2 are)' });
  });
});

describe('pointerTokens', () => {
  it.each([
    ['', []],
    ['/detail', ['detail']],
    ['/a~1b/0/c~0d', ['a/b', '0', 'c~d']],
  ])('splits %j', (pointer, tokens) => {
    expect(pointerTokens(pointer)).toEqual(tokens);
  });
});

describe('violationReader', () => {
  it('words each limit by itself, even where two $ref-ed schemas share a schemaPath', () => {
    const validate = Object.assign(() => false, {
      errors: [
        { instancePath: '/destination', schemaPath: '#/minProperties', keyword: 'minProperties', params: { limit: 1 } },
        { instancePath: '/message', schemaPath: '#/minProperties', keyword: 'minProperties', params: { limit: 2 } },
      ],
    });
    const read = violationReader(validate);
    for (let round = 0; round < 2; round++) {
      expect(read().map((v) => v.message)).toEqual(['must have at least 1 property', 'must have at least 2 properties']);
    }
  });
});

describe('toSafeText: a message made to fit C LongString', () => {
  it.each([
    ['must match ^[-_ a-zA-Z0-9]+$ (letters, digits, space, - and _ only: no punctuation)', 'must match -_ a-zA-Z0-9 letters digits space - and _ only no punctuation'],
    ['must be one of "text", "media"', 'must be one of text media'],
    ['is required', 'is required'],
    ['!!!', 'invalid'],
  ])('%j → %j', (text, want) => {
    expect(toSafeText(text)).toBe(want);
    expect(toSafeText(text)).toMatch(new RegExp(longStringPattern));
  });
});
