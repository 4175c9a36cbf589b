// A limit stated in a description must equal its keyword: the real bundles pass, and each stated
// number, with its keyword changed or removed, is reported at the description, naming the phrase,
// the keyword and both values.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './catalog.js';
import { checkDocument, formatViolation } from './check.js';
import { describedLimitsRule, describedSchemas } from './described-limits.js';
import { BOUNDS, effectiveBound } from './expect.js';
import { readLimitPhrases } from './limit-phrases.js';
import { readSchema } from './schema.js';
import { apiIds, copyAlong, deepFreeze, type Doc, deleteAt, loadBundle, loadDereferenced, setAt } from './testing/fixtures.js';
import { jsonView } from './view.js';

const catalog = loadCatalog();
const described = (kinds = ['described-limit'] as const) => ({ kinds });

/** Each stated bound of the document, with the pointer of the keyword that holds it today. */
function statedBounds(document: Doc) {
  const view = jsonView(document);
  return describedSchemas(view).flatMap(({ description, schema }) => {
    const parts = readSchema(view, [schema]);
    return readLimitPhrases(description.value as string).flatMap((phrase) =>
      phrase.bounds.map((stated) => {
        const name = { length: ['minLength', 'maxLength'], items: ['minItems', 'maxItems'], properties: ['minProperties', 'maxProperties'], value: ['minimum', 'maximum'] }[phrase.measure][stated.bound === 'min' ? 0 : 1]!;
        const bound = BOUNDS.find((b) => b.name === name) ?? { name, upper: stated.bound === 'max' };
        const at = effectiveBound(view, parts, bound, false).at;
        return { description: view.pointer(description.loc), phrase: phrase.text, name, value: stated.value, keyword: at && view.pointer(at.loc) };
      }),
    );
  });
}

describe.each([
  ['bundle', loadBundle],
  ['dereferenced copy', loadDereferenced],
] as const)('%s', (_layout, load) => {
  describe.each(apiIds)('%s', (id) => {
    const document: Doc = deepFreeze(load(id));

    it('passes unmutated', () => {
      expect(checkDocument(jsonView(document), catalog.get(id)!, described())).toEqual([]);
    });

    // Every bound a description states today, changed and removed in turn.
    const bounds = statedBounds(document).filter((b) => b.keyword !== undefined);
    it.runIf(bounds.length > 0).each(bounds.map((b) => [`${b.description} "${b.phrase}" ${b.name}`, b] as const))('reports %s changed or removed', (_title, b) => {
      const changed = copyAlong(document, b.keyword!);
      setAt(changed, b.keyword!, b.value + 1);
      const found = checkDocument(jsonView(changed), catalog.get(id)!, described());
      expect(found.map((v) => [v.pointer, v.expected, v.found])).toContainEqual([
        b.description,
        `${b.name} ${b.value}, as the description says ("${b.phrase}")`,
        expect.stringMatching(new RegExp(`^${b.name} ${b.value + 1}\\b`)),
      ]);

      const removed = copyAlong(document, b.keyword!);
      deleteAt(removed, b.keyword!);
      const absent = checkDocument(jsonView(removed), catalog.get(id)!, described());
      // An absent lower bound of a length or count is 0: a stated 0 still holds without the keyword.
      if (b.value === 0 && /^min(Length|Items|Properties)$/.test(b.name)) expect(absent).toEqual([]);
      else expect(absent.map((v) => [v.pointer, v.found])).toContainEqual([b.description, `no ${b.name}`]);
    });
  });
});

it('the phrases of the specs are read: each interface that states limits in words has them checked', () => {
  // A reader that silently read nothing would pass every bundle; these are today's counts.
  const counts = Object.fromEntries(apiIds.map((id) => [id, statedBounds(loadBundle(id)).length]));
  expect(counts).toEqual({ 'gateway-v1': 4, 'sms-v2': 0, 'im-v1': 40, 'campaign-manager-v1': 0 });
});

describe('the message', () => {
  it('names the place, the phrase, the keyword and both values (maxLength changed, catalogue untouched)', () => {
    const document = loadBundle('im-v1');
    const reference = document.components.schemas.MessagePostRequest.properties.reference;
    // The documented value, from the bundle (a revision of the document changes it: CONTRIBUTING's walkthrough does).
    const stated = reference.maxLength;
    reference.maxLength = stated - 1;
    const found = checkDocument(jsonView(document), catalog.get('im-v1')!, described());
    expect(found.map(formatViolation)).toEqual([
      `im-v1  /components/schemas/MessagePostRequest/properties/reference/description  expected: maxLength ${stated}, as the description says ("maximum length ${stated}")  found: maxLength ${stated - 1}  ` +
        "[the schema's own description (tools/spec-check/src/described-limits.ts): a limit the description states in words equals its keyword]",
    ]);
  });

  it('names the keyword where it sits when it is not beside the description (a header and its schema)', () => {
    const document = loadBundle('im-v1');
    document.components.headers['X-RateLimit-Limit'].schema.maximum = 50;
    const found = checkDocument(jsonView(document), catalog.get('im-v1')!, described());
    expect(found.map((v) => [v.pointer, v.expected, v.found])).toEqual([
      ['/components/headers/X-RateLimit-Limit/description', 'maximum 100, as the description says ("0 to 100")', 'maximum 50 at /components/headers/X-RateLimit-Limit/schema/maximum'],
    ]);
  });
});

describe('attribution', () => {
  const check = (schema: Record<string, unknown>) =>
    describedLimitsRule(jsonView({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { S: schema } } })).map((f) => `${f.expected} / ${f.found}`);

  it('a unit-less range bounds a number, and is an error where the number has no such keyword', () => {
    expect(check({ type: 'integer', minimum: 200, maximum: 500, description: 'Error code, 200 to 500.' })).toEqual([]);
    expect(check({ type: 'integer', maximum: 500, description: 'Error code, 200 to 500.' })).toEqual(['minimum 200, as the description says ("200 to 500") / no minimum']);
  });

  it('a unit-less number on a string or an object is not attributable, so it is left alone', () => {
    expect(check({ type: 'string', description: 'Error code, 200 to 500; timeout 0 to 604800 seconds.' })).toEqual([]);
    expect(check({ oneOf: [{ type: 'string' }], description: 'the attempt rules apply (timeout 0 to 604800 seconds)' })).toEqual([]);
  });

  it('section numbers and dates are not read as limits, even on a number', () => {
    expect(check({ type: 'integer', description: 'Days ahead, at most 60 days ahead (sections 2.3 and 8); see sections 1 to 9.' })).toEqual([]);
  });

  it('a length stated on an array, or a count on a string, is an error: the keyword is absent', () => {
    expect(check({ type: 'array', maxItems: 5, description: 'maximum length 5' })).toEqual(['maxLength 5, as the description says ("maximum length 5") / no maxLength']);
    expect(check({ type: 'string', maxLength: 5, description: 'at most 5 items' })).toEqual(['maxItems 5, as the description says ("at most 5 items") / no maxItems']);
  });

  it('compares by effective value: an exclusive bound on an integer is the inclusive one past it', () => {
    expect(check({ type: 'integer', minimum: 0, exclusiveMaximum: 101, description: '0 to 100' })).toEqual([]);
    expect(check({ type: 'number', minimum: 0, exclusiveMaximum: 100, description: '0 to 100' })).toEqual(['maximum 100, as the description says ("0 to 100") / exclusiveMaximum 100']);
  });

  it('reads the description beside a $ref against the target, and a property named description as a property', () => {
    const view = jsonView({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Short: { type: 'string', maxLength: 16 },
          Holder: {
            type: 'object',
            properties: {
              mobile: { $ref: '#/components/schemas/Short', description: 'maximum length 20' },
              description: { type: 'string', maxLength: 3, description: 'Description, at most 3 characters.' },
            },
          },
        },
      },
    });
    expect(describedLimitsRule(view).map((f) => [view.pointer(f.loc), f.found])).toEqual([
      ['/components/schemas/Holder/properties/mobile/description', 'maxLength 16 at /components/schemas/Short/maxLength'],
    ]);
  });

  it('skips non-string descriptions and broken references without a crash', () => {
    expect(check({ type: 'string', description: 42 })).toEqual([]);
    expect(check({ $ref: '#/nowhere', description: 'maximum length 5' })).toEqual(['maxLength 5, as the description says ("maximum length 5") / no maxLength']);
  });
});
