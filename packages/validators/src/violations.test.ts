import { describe, expect, it } from 'vitest';
import { pointerTokens, toViolation, violationReader } from './violations.js';
import imV1Bundle from '@messaging-contracts/openapi/im-v1.json' with { type: 'json' };

// C's LongString pattern (section 2.3), read from the bundle.
const imV1TextPattern = new RegExp((imV1Bundle as { components: { schemas: { LongString: { pattern: string } } } }).components.schemas.LongString.pattern);

describe('toViolation', () => {
  it.each([
    ['a type error', { instancePath: '/status', keyword: 'type', params: { type: 'string' } }, { pointer: '/status', property: 'status', rule: 'type', message: 'must be a string' }],
    ['a union type', { instancePath: '', keyword: 'type', params: { type: 'object,null' } }, { pointer: '', property: '', rule: 'type', message: 'must be an object or null' }],
    ['an enum', { instancePath: '/status', keyword: 'enum', params: { allowedValues: ['a'] } }, { pointer: '/status', property: 'status', rule: 'enum', message: 'must be one of the documented values' }],
    ['a maxLength', { instancePath: '/detail', keyword: 'maxLength', params: { limit: 255 } }, { pointer: '/detail', property: 'detail', rule: 'maxLength', limit: 255, message: 'must be at most 255 characters long' }],
    ['a format', { instancePath: '/id', keyword: 'format', params: { format: 'uuid' } }, { pointer: '/id', property: 'id', rule: 'format', limit: 'uuid', message: 'must be a valid uuid' }],
    ['a required property', { instancePath: '', keyword: 'required', params: { missingProperty: 'a/b' } }, { pointer: '/a~1b', property: 'a/b', rule: 'required', message: 'is required' }],
    ['an additional property', { instancePath: '/x', keyword: 'additionalProperties', params: { additionalProperty: 'y' } }, { pointer: '/x/y', property: 'y', rule: 'additionalProperties', message: 'is not an allowed property' }],
    ['a fractional maximum', { instancePath: '/n', keyword: 'maximum', params: { limit: 0.5 } }, { pointer: '/n', property: 'n', rule: 'maximum', limit: 0.5, message: 'is above the documented maximum' }],
    ['an unknown keyword', { instancePath: '/n', keyword: 'multipleOf', params: { multipleOf: 3 } }, { pointer: '/n', property: 'n', rule: 'multipleOf', message: 'fails the multipleOf rule' }],
    ['a format name outside the pattern', { instancePath: '/u', keyword: 'format', params: { format: 'iri.ref' } }, { pointer: '/u', property: 'u', rule: 'format', limit: 'iri.ref', message: 'fails a documented rule' }],
  ])('maps %s', (_title, given, want) => {
    const violation = toViolation(given);
    expect(violation).toEqual(want);
    // Every message can be a C APIError description (LongString, section 2.3).
    expect(violation.message).toMatch(imV1TextPattern);
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
