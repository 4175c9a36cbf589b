// How a schema is compared with an expectation, keyword by keyword.
import { describe, expect, it } from 'vitest';
import type { Expect } from './catalog.js';
import { checkSchema, type Mode } from './expect.js';
import { type Json, jsonView } from './view.js';

interface Case {
  given: { schema: Json; expect: Expect; mode?: Mode; components?: Record<string, Json> };
  /** The findings, as `pointer: found`. */
  want: string[];
}

function findings({ schema, expect: wanted, mode = 'closed', components = {} }: Case['given']): string[] {
  const view = jsonView({ components: { schemas: components }, subject: schema });
  const subject = { value: schema, loc: view.child(view.root.loc, 'subject') };
  return checkSchema(view, [subject], wanted, mode).map((f) => `${f.loc.pointer}: ${f.found}`);
}

const longStates = ['accepted', 'queued', 'submitted', 'sent', 'received', 'blocked', 'deficient', 'frozen', 'rejected', 'failed', 'dead', 'expired'];

const cases: Array<[string, Case]> = [
  ['an exact match has no finding', { given: { schema: { type: 'string', maxLength: 20 }, expect: { type: 'string', maxLength: 20 } }, want: [] }],
  ['a loosened bound', { given: { schema: { type: 'string', maxLength: 21 }, expect: { type: 'string', maxLength: 20 } }, want: ['/subject/maxLength: maxLength 21'] }],
  ['a tightened bound', { given: { schema: { type: 'string', maxLength: 19 }, expect: { type: 'string', maxLength: 20 } }, want: ['/subject/maxLength: maxLength 19'] }],
  ['a missing bound', { given: { schema: { type: 'string' }, expect: { type: 'string', maxLength: 20 } }, want: ['/subject: no maxLength'] }],
  [
    'exclusiveMaximum 601 on an integer is maximum 600',
    { given: { schema: { type: 'integer', minimum: 100, exclusiveMaximum: 601 }, expect: { type: 'integer', minimum: 100, maximum: 600 } }, want: [] },
  ],
  [
    'exclusiveMaximum 600 on an integer is maximum 599',
    { given: { schema: { type: 'integer', minimum: 100, exclusiveMaximum: 600 }, expect: { type: 'integer', minimum: 100, maximum: 600 } }, want: ['/subject/exclusiveMaximum: exclusiveMaximum 600'] },
  ],
  ['an absent minItems is minItems 0', { given: { schema: { type: 'array', maxItems: 20, items: {} }, expect: { type: 'array', minItems: 0, maxItems: 20 } }, want: [] }],
  ['enum values compare as a set', { given: { schema: { type: 'string', enum: ['b', 'a'] }, expect: { type: 'string', enum: ['a', 'b'] } }, want: [] }],
  ['an enum value dropped', { given: { schema: { type: 'string', enum: ['a'] }, expect: { type: 'string', enum: ['a', 'b'] } }, want: ['/subject/enum: enum without "b"'] }],
  // A long list is not cut: what differs is named, however far down the list it is.
  [
    'an enum value added at the end of a long list',
    { given: { schema: { type: 'string', enum: [...longStates, 'deleted'] }, expect: { type: 'string', enum: longStates } }, want: ['/subject/enum: enum with "deleted" too'] },
  ],
  [
    'an enum value replaced',
    { given: { schema: { type: 'string', enum: ['a', 'c', 2] }, expect: { type: 'string', enum: ['a', 'b', 2] } }, want: ['/subject/enum: enum without "b" and with "c" too'] },
  ],
  ['const counts as an enum', { given: { schema: { type: 'string', const: 'a' }, expect: { type: 'string' } }, want: ['/subject/const: const a'] }],
  ['closed: an unstated enum', { given: { schema: { type: 'string', enum: ['x'] }, expect: { type: 'string' } }, want: ['/subject/enum: enum ["x"]'] }],
  ['partial: an unstated enum is not compared', { given: { schema: { type: 'string', enum: ['x'] }, expect: { type: 'string' }, mode: 'partial' }, want: [] }],
  ['closed: an unstated format', { given: { schema: { type: 'string', format: 'email' }, expect: { type: 'string' } }, want: ['/subject/format: format email'] }],
  ['nullable widens the type', { given: { schema: { type: ['string', 'null'] }, expect: { type: 'string' } }, want: ['/subject/type: type null or string'] }],
  ['a missing type', { given: { schema: { maxLength: 3 }, expect: { type: 'string', maxLength: 3 } }, want: ['/subject: no type'] }],
  ['closed: anyOf is not understood, so it is reported', { given: { schema: { type: 'string', anyOf: [{ maxLength: 1 }] }, expect: { type: 'string' } }, want: ['/subject/anyOf: anyOf [{"maxLength":1}]'] }],
  ['additionalProperties true constrains nothing', { given: { schema: { type: 'object', additionalProperties: true }, expect: { type: 'object' } }, want: [] }],
  ['additionalProperties false is reported', { given: { schema: { type: 'object', additionalProperties: false }, expect: { type: 'object' } }, want: ['/subject/additionalProperties: additionalProperties false'] }],
  [
    'a described pattern: accepted and rejected samples',
    { given: { schema: { type: 'string', pattern: '^\\+' }, expect: { type: 'string', accepts: ['+44'], rejects: ['44'] } }, want: [] },
  ],
  [
    'a described pattern that accepts what it must reject',
    { given: { schema: { type: 'string', pattern: '\\d' }, expect: { type: 'string', accepts: ['+44'], rejects: ['44'] } }, want: ['/subject/pattern: pattern \\d accepts it'] },
  ],
  ['a described pattern missing', { given: { schema: { type: 'string' }, expect: { type: 'string', rejects: ['44'] } }, want: ['/subject: no pattern'] }],
  ['a literal pattern changed', { given: { schema: { type: 'string', pattern: '^a+$' }, expect: { type: 'string', pattern: '^a*$' } }, want: ['/subject/pattern: pattern ^a+$'] }],
  [
    'keywords next to a $ref apply with its target',
    {
      given: { schema: { $ref: '#/components/schemas/Short', description: 'd', maxLength: 300 }, expect: { type: 'string', maxLength: 256 }, components: { Short: { type: 'string', maxLength: 256 } } },
      want: [],
    },
  ],
  [
    'a bound in the $ref target is reported there',
    {
      given: { schema: { $ref: '#/components/schemas/Short' }, expect: { type: 'string', maxLength: 256 }, components: { Short: { type: 'string', maxLength: 300 } } },
      want: ['/components/schemas/Short/maxLength: maxLength 300'],
    },
  ],
  [
    'allOf members apply together: the tighter bound wins',
    { given: { schema: { allOf: [{ type: 'string', maxLength: 30 }, { maxLength: 20 }] }, expect: { type: 'string', maxLength: 20 } }, want: [] },
  ],
  [
    'allOf members apply together: an enum in one member is found',
    { given: { schema: { allOf: [{ type: 'string' }, { enum: ['x'] }] }, expect: { type: 'string' } }, want: ['/subject/allOf/1/enum: enum ["x"]'] },
  ],
  ['a broken $ref', { given: { schema: { $ref: '#/components/schemas/Nowhere' }, expect: { type: 'string' } }, want: ['/subject: $ref #/components/schemas/Nowhere points to nothing', '/subject: no type'] }],
  ['readOnly stated and missing', { given: { schema: { type: 'integer' }, expect: { type: 'integer', readOnly: true } }, want: ['/subject: not read-only'] }],
  ['closed: readOnly not stated', { given: { schema: { type: 'integer', readOnly: true }, expect: { type: 'integer' } }, want: ['/subject/readOnly: readOnly true'] }],
  ['a default changed', { given: { schema: { type: 'string', default: 'x' }, expect: { type: 'string', default: 'mt_message' } }, want: ['/subject/default: default x'] }],
  ['an extension value changed', { given: { schema: { type: 'string', 'x-max-days-ahead': 90 }, expect: { type: 'string', extensions: { 'x-max-days-ahead': 60 } } }, want: ['/subject/x-max-days-ahead: x-max-days-ahead: 90'] }],
  ['items are compared too', { given: { schema: { type: 'array', items: { type: 'integer', format: 'int32' } }, expect: { type: 'array', items: { type: 'integer', format: 'int64' } } }, want: ['/subject/items/format: format int32'] }],
  [
    'shape: property names and required names are exact',
    {
      given: {
        schema: { type: 'object', properties: { message: { type: 'string' }, extra: { type: 'string' } }, required: ['extra'] },
        expect: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'integer' } }, required: ['message'] },
        mode: 'partial',
      },
      want: ['/subject/properties: no property code', '/subject/properties/extra: property extra', '/subject/required: message optional', '/subject/required/0: extra required'],
    },
  ],
  ['a delegated expectation (is) compares nothing here', { given: { schema: { type: 'boolean' }, expect: { is: 'Uuid' } }, want: [] }],
];

it('states the expected enum in the notation of the found side (JSON values)', () => {
  const view = jsonView({ subject: { type: 'string', enum: ['a'] } });
  const [finding] = checkSchema(view, [{ value: { type: 'string', enum: ['a'] }, loc: view.child(view.root.loc, 'subject') }], { type: 'string', enum: ['a', 2] }, 'closed');
  expect([finding!.expected, finding!.found]).toEqual(['enum ["a", 2]', 'enum without 2']);
});

describe('checkSchema', () => {
  it.each(cases)('%s', (_title, { given, want }) => {
    expect(findings(given).sort()).toEqual([...want].sort());
  });
});
