// Valid request bodies generated from the bundle's schemas with fast-check (property-based, seeded,
// so a run can be repeated). Each generated value is then checked by the validators package, and
// only those it accepts are sent: the generator proposes, the contract's own validator decides.
import fc from 'fast-check';
import { deref, type Json } from './contract.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest string or array generated beyond its minimum (keeps bodies small; limits are the boundary checks' job). */
const SPAN = 12;

export interface GenerateContext {
  document: Json;
  /** The target's clock estimate, for `x-max-days-ahead` (section 8). */
  now: number;
}

/**
 * Arbitraries that depend on nothing but their schema, made once per schema object of the bundle
 * and reused by every run in the process: building a `stringMatching` arbitrary (the regular
 * expression read into a generator) cost more than drawing the few values a run takes from it.
 */
const bySchema = new WeakMap<object, fc.Arbitrary<string>>();
function once(schema: Json, make: () => fc.Arbitrary<string>): fc.Arbitrary<string> {
  let arbitrary = bySchema.get(schema);
  if (arbitrary === undefined) bySchema.set(schema, (arbitrary = make()));
  return arbitrary;
}

function stringArbitrary(schema: Json, context: GenerateContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? min + SPAN, min + SPAN);
  const fits = (s: string) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      // fc.webUrl() costs about 100 ms a value here; a host and one path segment say enough.
      return once(schema, () => fc.tuple(fc.domain(), fc.stringMatching(/^[a-z0-9]{0,8}$/)).map(([host, path]) => `https://${host}/${path}`));
    case 'date-time': {
      const days = schema['x-max-days-ahead'];
      // Within the documented horizon, a day short of it so that clock skew does not matter.
      const [from, to] = typeof days === 'number' ? [context.now + DAY_MS, context.now + (days - 1) * DAY_MS] : [Date.UTC(2020, 0, 1), Date.UTC(2040, 0, 1)];
      return fc.integer({ min: from, max: to }).map((ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z'));
    }
  }
  if (typeof schema.pattern === 'string') return once(schema, () => fc.stringMatching(new RegExp(schema.pattern)).filter(fits));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' });
}

/** An arbitrary of the values a (request) schema accepts; `readOnly` properties are left out. */
export function arbitraryOf(node: Json | undefined, context: GenerateContext, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(context.document, node) ?? {};
  if (depth > 12) return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  // One of the alternatives (C's delivery attempt, direct or wrapped, section 2.3); the validator
  // judges the whole body, so the schema's own keywords beside the alternatives need no arbitrary.
  const alternatives = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => arbitraryOf(alternative, context, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer': {
      const int32 = schema.format === 'int32';
      const min = schema.minimum ?? (int32 ? -(2 ** 31) : Number.MIN_SAFE_INTEGER);
      const max = schema.maximum ?? (int32 ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      return fc.array(arbitraryOf(schema.items, context, depth + 1), { minLength: min, maxLength: max });
    }
    default: {
      // An object, or a schema without a type of its own.
      if (!schema.properties && typeof schema.additionalProperties === 'object') return freeKeysArbitrary(schema, context, depth);
      if (!schema.properties) return type === 'object' ? fc.constant({}) : fc.constant(null);
      const required: string[] = schema.required ?? [];
      const writable = Object.entries(schema.properties as Json).filter(([, p]) => !deref(context.document, p as Json)?.readOnly);
      const shape = Object.fromEntries(writable.map(([name, p]) => [name, arbitraryOf(p as Json, context, depth + 1)]));
      const optional = writable.map(([name]) => name).filter((name) => !required.includes(name));
      return fc.record(shape, { requiredKeys: required.filter((name) => name in shape) }).filter((value) => {
        const count = Object.keys(value).length;
        return count >= (schema.minProperties ?? 0) && (optional.length > 0 || count >= required.length);
      });
    }
  }
}

/** An object of properties whose names are free (`additionalProperties`), as many as its min/maxProperties allow. */
function freeKeysArbitrary(schema: Json, context: GenerateContext, depth: number): fc.Arbitrary<unknown> {
  const min = schema.minProperties ?? 0;
  const max = Math.min(schema.maxProperties ?? min + 3, min + 3);
  const key = schema.propertyNames ? (arbitraryOf(schema.propertyNames, context, depth + 1) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: SPAN, unit: 'grapheme-ascii' });
  return fc.dictionary(key, arbitraryOf(schema.additionalProperties, context, depth + 1), { minKeys: min, maxKeys: max });
}

/**
 * Up to `count` generated bodies that `accepts` (the operation's request validator) finds valid,
 * from at most `count * 10` candidates of the seeded generator.
 *
 * The first `count` candidates are drawn alone first: a seeded sample of n values is the first n
 * of a longer one, so when they are all valid (as they are for every operation of the four
 * bundles) they are the bodies the full draw would keep, for a tenth of the generation (fast-check's
 * draws were the largest part of a run's CPU). Otherwise the full draw is made.
 */
export function generateValid(schema: Json, context: GenerateContext, count: number, seed: number, accepts: (value: unknown) => boolean): unknown[] {
  if (count <= 0) return [];
  const arbitrary = arbitraryOf(schema, context);
  const first = fc.sample(arbitrary, { numRuns: count, seed });
  if (first.every(accepts)) return first;
  return fc.sample(arbitrary, { numRuns: count * 10, seed }).filter(accepts).slice(0, count);
}
