// The generator compiles the bundle without annotations: no verdict may change, no name or value may go.
import { describe, expect, it } from 'vitest';
import { stripAnnotations, stripSchema } from '../scripts/annotations.js';
import { createAjv } from '../scripts/generate.js';
import { at } from '../scripts/targets.js';
import { apiIds, bundleOf, requestExample, responseExamples, targetsOf } from './test-support/bundles.js';

describe('stripSchema', () => {
  it('drops annotations at every depth and keeps names and values', () => {
    const schema = {
      type: 'object',
      description: 'x',
      title: 't',
      example: { description: 'kept in no schema' },
      required: ['description'],
      properties: {
        description: { type: 'string', description: 'a property named description stays', enum: ['a'], default: 'a' },
        list: { type: 'array', items: { examples: [1], const: { title: 'a value' } } },
      },
      oneOf: [{ $comment: 'c', minProperties: 1 }],
    };
    expect(stripSchema(schema)).toEqual({
      type: 'object',
      required: ['description'],
      properties: { description: { type: 'string', enum: ['a'], default: 'a' }, list: { type: 'array', items: { const: { title: 'a value' } } } },
      oneOf: [{ minProperties: 1 }],
    });
  });
});

describe.each(apiIds)('%s without annotations', (api) => {
  const full = createAjv(api, bundleOf(api));
  const stripped = createAjv(api, stripAnnotations(bundleOf(api)));

  it('keeps every schema pointer the generator uses', () => {
    const { operations, callbacks } = targetsOf(api);
    for (const target of [...operations, ...callbacks]) {
      for (const pointer of [target.body, ...Object.values(target.responses), ...target.parameters.map((p) => p.schema)]) {
        if (pointer) expect(at(stripAnnotations(bundleOf(api)), pointer), pointer).toBeTypeOf('object');
      }
    }
  });

  it('gives the same verdicts on the examples and on broken values', () => {
    const { operations } = targetsOf(api);
    const values: Array<[string, unknown]> = [];
    for (const target of operations) {
      if (target.body) values.push([target.body, requestExample(api, target.operationId)], [target.body, {}], [target.body, []]);
    }
    for (const [operationId, status, example] of responseExamples(api)) {
      const pointer = operations.find((t) => t.operationId === operationId)!.responses[status]!;
      values.push([pointer, example], [pointer, 'x'], [pointer, {}]);
    }
    expect(values.length).toBeGreaterThan(0);
    for (const [pointer, value] of values) {
      const a = full.getSchema(`${api}${pointer}`)!;
      const b = stripped.getSchema(`${api}${pointer}`)!;
      expect(b(value), pointer).toBe(a(value));
      expect(b.errors ?? null).toEqual(a.errors ?? null);
    }
  });
});
