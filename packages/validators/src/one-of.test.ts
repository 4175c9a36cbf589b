// A `oneOf` of disjoint alternatives stops at the first that holds (scripts/alternations.ts), and
// ajv tracks no evaluated properties where nothing reads them (scripts/evaluated.ts): the same
// verdicts and errors as ajv's own, with the work a valid value does counted, not timed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disjoint, disjointOneOfs } from '../scripts/alternations.js';
import { stripAnnotations } from '../scripts/annotations.js';
import { readsEvaluated } from '../scripts/evaluated.js';
import { createAjv, generatedDir } from '../scripts/generate.js';
import type { Json } from '../scripts/targets.js';
import { operations as im } from './im-v1.js';
import { apiIds, bundleOf, requestExample } from './test-support/bundles.js';

const schemas = (bundle: Json) => (bundle.components as { schemas: Record<string, Json> }).schemas;
const imBundle = stripAnnotations(bundleOf('im-v1'));

/** A one-schema bundle, as createAjv takes one, with its schema at `#/components/schemas/S`. */
const bundleWith = (components: Record<string, unknown>): Json => ({ openapi: '3.1.0', components: { schemas: components } });

describe('disjoint', () => {
  const none = bundleWith({});
  it.each([
    ['different types', { type: 'string' }, { type: 'object' }],
    ['a const outside the other type', { const: 1 }, { type: 'string' }],
    ['enums of different types', { enum: ['a', 'b'] }, { type: ['object', 'integer'], enum: [{}, 1] }],
    ['more required properties than the other allows', { type: 'object', required: ['a', 'b'] }, { type: 'object', maxProperties: 1 }],
    ['a required property of disjoint schemas', { type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { type: 'object', additionalProperties: { type: 'object' } }],
    ['false and anything', false, {}],
  ])('proves %s', (_case, a, b) => {
    expect(disjoint(none, a, b)).toBe(true);
    expect(disjoint(none, b, a)).toBe(true);
  });

  it.each([
    ['number and integer', { type: 'number' }, { type: 'integer' }],
    ['a schema without type and a string', { required: ['a'] }, { type: 'string' }],
    ['two required properties of overlapping objects', { type: 'object', required: ['a'] }, { type: 'object', required: ['b'] }],
    ['a property matching a patternProperties entry', { type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, { type: 'object', patternProperties: { '^a': {} }, additionalProperties: { type: 'object' } }],
    ['enums sharing a value', { enum: ['a', 1] }, { enum: [1] }],
    ['true and anything', true, { type: 'string' }],
  ])('does not prove %s (values match both)', (_case, a, b) => {
    expect(disjoint(none, a, b)).toBe(false);
    expect(disjoint(none, b, a)).toBe(false);
  });

  it("proves C's two forms of a delivery attempt disjoint through their $refs (section 2.3)", () => {
    const [direct, wrapped] = schemas(imBundle).DeliveryAttemptElement!.oneOf as unknown[];
    expect(disjoint(imBundle, direct, wrapped)).toBe(true);
    expect(disjointOneOfs(imBundle)).toEqual(new Set([schemas(imBundle).DeliveryAttemptElement!.oneOf]));
  });
});

describe('a oneOf that overlaps keeps ajv\'s own', () => {
  const bundle = bundleWith({ S: { oneOf: [{ type: 'object', required: ['a'] }, { type: 'object', required: ['b'] }] } });
  const validate = createAjv('x', bundle).getSchema('x#/components/schemas/S')!;

  it('refuses a value that matches both alternatives', () => {
    expect(disjointOneOfs(bundle).size).toBe(0);
    expect(validate({ a: 1, b: 1 })).toBe(false);
    expect(validate({ a: 1 })).toBe(true);
  });
});

/** An element that counts how often its keys are listed (`Object.keys`, `for...in`): what the wrapped form does first. */
function counted(element: Record<string, unknown>) {
  const count = { keys: 0 };
  const proxy = new Proxy(element, {
    ownKeys(target) {
      count.keys++;
      return Reflect.ownKeys(target);
    },
  });
  return { proxy, count };
}

describe("C's delivery attempts: the direct form does not run the wrapped one", () => {
  const base = requestExample('im-v1', 'sendMessage') as Json;
  const body = (element: unknown) => ({ ...base, delivery_attempts: [element] });

  it('the shipped validator lists no key of a valid direct attempt', () => {
    const { proxy, count } = counted({ channel: 'wab', timeout: 60 });
    expect(im.sendMessage.body(body(proxy))).toEqual([]);
    expect(count.keys).toBe(0);
  });

  it("ajv's own oneOf does (so the count above can fail)", () => {
    const own = createAjv('im-v1', imBundle, {}, { tuned: false }).getSchema('im-v1#/components/schemas/MessagePostRequest')!;
    const { proxy, count } = counted({ channel: 'wab', timeout: 60 });
    expect(own(body(proxy))).toBe(true);
    expect(count.keys).toBeGreaterThan(0);
  });

  it('an invalid direct attempt still runs both forms, for their violations', () => {
    const { proxy, count } = counted({ channel: 'wab', timeout: -1 });
    expect(im.sendMessage.body(body(proxy)).length).toBeGreaterThan(0);
    expect(count.keys).toBeGreaterThan(0);
  });
});

describe("the same verdicts and errors as ajv's own", () => {
  const tuned = createAjv('im-v1', imBundle).getSchema('im-v1#/components/schemas/MessagePostRequest')!;
  const own = createAjv('im-v1', imBundle, {}, { tuned: false }).getSchema('im-v1#/components/schemas/MessagePostRequest')!;
  const base = requestExample('im-v1', 'sendMessage') as Json;
  const attempt = fc.record(
    { channel: fc.constantFrom('wab', 'sms', 'fax', 1, { channel: 'sms' }), timeout: fc.constantFrom(0, 60, -1, 604801, 1.5, '60'), event: fc.constantFrom('fallback', '!', 7) },
    { requiredKeys: [] },
  );
  const element = fc.oneof(attempt, fc.dictionary(fc.constantFrom('first', 'last', 'channel', 'x'), fc.oneof(attempt, fc.constant('sms')), { maxKeys: 3 }), fc.constantFrom(null, 'sms', []));

  it('on C bodies with delivery attempts of either form, broken or not', () => {
    fc.assert(
      fc.property(fc.array(element, { minLength: 0, maxLength: 12 }), (attempts) => {
        const value = { ...base, delivery_attempts: attempts };
        expect(tuned(value)).toBe(own(value));
        expect(tuned.errors ?? null).toEqual(own.errors ?? null);
      }),
      { numRuns: 200 },
    );
  });
});

describe('evaluated properties', () => {
  it('are tracked by no generated validator: no bundle has unevaluatedProperties or unevaluatedItems', () => {
    for (const api of apiIds) expect(readsEvaluated(bundleOf(api)), api).toBe(false);
    // The committed files, which generated-up-to-date.test.ts holds equal to a fresh generation.
    for (const file of readdirSync(generatedDir)) expect(readFileSync(join(generatedDir, file), 'utf8'), file).not.toMatch(/\.evaluated\b|\bprops\d+\b/);
  });

  it('stay tracked in a bundle that reads them, which then judges by them', () => {
    const bundle = bundleWith({ S: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'string' }], unevaluatedProperties: false } });
    expect(readsEvaluated(bundle)).toBe(true);
    expect(disjointOneOfs(bundle).size).toBe(1); // the first that holds merges its evaluated properties
    const validate = createAjv('x', bundle).getSchema('x#/components/schemas/S')!;
    expect(validate({ a: 'x' })).toBe(true);
    expect(validate({ a: 'x', b: 1 })).toBe(false);
  });
});
