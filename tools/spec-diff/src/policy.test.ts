// The policy's two questions, answered on paths and values: who writes the value (locate), and
// does the change narrow or widen what is valid (effectOf).
import { describe, expect, it } from 'vitest';
import { type Action, effectOf, type Flow, type KeywordChange, keywordOf, locate } from './policy.js';

describe('locate', () => {
  const cases: [string, { given: (string | number)[]; want: { flow?: Flow; inCallback: boolean; schemaPath?: (string | number)[] } }][] = [
    [
      'a request body schema is input',
      {
        given: ['paths', '/m', 'post', 'requestBody', 'content', 'application/json', 'schema', 'maxLength'],
        want: { flow: 'input', inCallback: false, schemaPath: ['maxLength'] },
      },
    ],
    [
      'a parameter is input',
      { given: ['paths', '/m', 'get', 'parameters', 0, 'required'], want: { flow: 'input', inCallback: false } },
    ],
    [
      'a response header schema is output',
      {
        given: ['paths', '/m', 'post', 'responses', '201', 'headers', 'Location', 'schema', 'format'],
        want: { flow: 'output', inCallback: false, schemaPath: ['format'] },
      },
    ],
    [
      'the body the service posts to a callback is output',
      {
        given: ['paths', '/m', 'post', 'callbacks', 'cb', '{$url}', 'post', 'requestBody', 'content', 'application/json', 'schema', 'enum', 1],
        want: { flow: 'output', inCallback: true, schemaPath: ['enum', 1] },
      },
    ],
    [
      "the consumer's answer to a callback is input",
      {
        given: ['paths', '/m', 'post', 'callbacks', 'cb', '{$url}', 'post', 'responses', '200'],
        want: { flow: 'input', inCallback: true },
      },
    ],
    [
      'a webhook body is output',
      {
        given: ['webhooks', 'status', 'post', 'requestBody', 'content', 'application/json', 'schema', 'type'],
        want: { flow: 'output', inCallback: true, schemaPath: ['type'] },
      },
    ],
    ['an operation as a whole has no flow', { given: ['paths', '/m', 'delete'], want: { inCallback: false } }],
    ['a whole callback has no flow', { given: ['paths', '/m', 'post', 'callbacks', 'cb'], want: { inCallback: true } }],
  ];
  it.each(cases)('%s', (_title, { given, want }) => {
    expect(locate(given)).toEqual(want);
  });
});

describe('keywordOf', () => {
  const cases: [string, { given: (string | number)[]; want: KeywordChange }][] = [
    ['a limit on a nested property', { given: ['properties', 'a', 'items', 'maxLength'], want: { keyword: 'maxLength' } }],
    ['a value of an enum under allOf', { given: ['allOf', 0, 'enum', 3], want: { keyword: 'enum', item: true } }],
    ['a property named like a keyword', { given: ['properties', 'type'], want: { keyword: 'properties', member: 'type' } }],
    ['a keyword of a property named like a keyword', { given: ['properties', 'enum', 'pattern'], want: { keyword: 'pattern' } }],
  ];
  it.each(cases)('%s', (_title, { given, want }) => {
    expect(keywordOf(given)).toEqual(want);
  });
});

describe('effectOf', () => {
  type Given = { action: Action; change: KeywordChange; before?: unknown; after?: unknown; lists?: { before: unknown[]; after: unknown[] } };
  const cases: [string, { given: Given; want: ReturnType<typeof effectOf> }][] = [
    ['a lower maxLength narrows', { given: { action: 'replace', change: { keyword: 'maxLength' }, before: 20, after: 10 }, want: 'narrows' }],
    ['a higher minimum narrows', { given: { action: 'replace', change: { keyword: 'minimum' }, before: 1, after: 5 }, want: 'narrows' }],
    ['a new maxItems narrows', { given: { action: 'add', change: { keyword: 'maxItems' }, after: 5 }, want: 'narrows' }],
    ['a dropped pattern widens', { given: { action: 'remove', change: { keyword: 'pattern' }, before: '^\\+' }, want: 'widens' }],
    ['another pattern changes', { given: { action: 'replace', change: { keyword: 'pattern' }, before: 'a', after: 'b' }, want: 'changes' }],
    ['number to integer narrows', { given: { action: 'replace', change: { keyword: 'type' }, before: 'number', after: 'integer' }, want: 'narrows' }],
    ['string to a string-or-null array widens', { given: { action: 'replace', change: { keyword: 'type' }, before: 'string', after: ['string', 'null'] }, want: 'widens' }],
    ['string to integer changes', { given: { action: 'replace', change: { keyword: 'type' }, before: 'string', after: 'integer' }, want: 'changes' }],
    [
      'an enum value removed, judged on the whole lists, narrows',
      { given: { action: 'remove', change: { keyword: 'enum', item: true }, before: 'b', lists: { before: ['a', 'b'], after: ['a'] } }, want: 'narrows' },
    ],
    [
      'every enum value removed (no enum left) widens',
      { given: { action: 'remove', change: { keyword: 'enum', item: true }, before: 'a', lists: { before: ['a'], after: [] } }, want: 'widens' },
    ],
    [
      'enum values added to no enum narrow',
      { given: { action: 'add', change: { keyword: 'enum', item: true }, after: 'a', lists: { before: [], after: ['a'] } }, want: 'narrows' },
    ],
    ['a required name added narrows', { given: { action: 'add', change: { keyword: 'required', item: true }, after: 'x' }, want: 'narrows' }],
    ['a property removed', { given: { action: 'remove', change: { keyword: 'properties', member: 'x' } }, want: 'removes-property' }],
    ['a description is not judged', { given: { action: 'replace', change: { keyword: 'description' }, before: 'a', after: 'b' }, want: undefined }],
  ];
  it.each(cases)('%s', (_title, { given, want }) => {
    expect(effectOf(given.action, given.change, given.before, given.after, given.lists)).toBe(want);
  });
});
