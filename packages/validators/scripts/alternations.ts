// A `oneOf` that stops at the first alternative that holds, where no value can match two.
//
// The validators compile with `allErrors` (every violation is listed), and ajv's `oneOf` then runs
// every alternative, to count how many hold, building the failing ones' error objects even when
// the value is valid: C's delivery attempts (section 2.3: the attempt's fields directly in the
// element, or wrapped in one key) made a valid C body about 3.5 times slower to check. When the
// alternatives are pairwise disjoint, the first that holds is the only one, and the others need
// not run: that `oneOf` is compiled as ajv's own with that one change (firstMatchOneOf), in every
// ajv that createAjv builds, so the generated code and the tests' reference validators agree. A
// value that matches no alternative runs every one as before, so its errors, and the violations,
// are exactly ajv's, in the same order.
//
// `disjoint` proves that no value matches two schemas. It reads few keywords (`type`, `const`,
// `enum`, `required`, `maxProperties`, `properties`, `additionalProperties`, through `$ref` and
// `allOf`) and ignores the others, which only widens what it thinks a schema allows: it may fail
// to prove a disjoint pair (that `oneOf` stays ajv's own: slower, still right) but never proves an
// overlapping one. (`anyOf` keeps ajv's own: stopping early would change which properties count
// as evaluated for `unevaluatedProperties`.)
import { createRequire } from 'node:module';
import type { CodeKeywordDefinition, KeywordCxt } from 'ajv';
import { type Json, at } from './targets.js';

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The schema a local `$ref` names; `undefined` for a remote one (nothing is assumed about it). */
const target = (bundle: Json, schema: Json): unknown => (typeof schema.$ref === 'string' && schema.$ref.startsWith('#') ? at(bundle, schema.$ref) : undefined);

// What a value is, for `type`: an integer is also a number.
type Kind = 'null' | 'boolean' | 'object' | 'array' | 'string' | 'integer' | 'fraction';
const allKinds: readonly Kind[] = ['null', 'boolean', 'object', 'array', 'string', 'integer', 'fraction'];
const kindsOfType: Record<string, Kind[]> = {
  null: ['null'],
  boolean: ['boolean'],
  object: ['object'],
  array: ['array'],
  string: ['string'],
  integer: ['integer'],
  number: ['integer', 'fraction'],
};

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'fraction';
  return typeof value as Kind;
}

// Past this depth of `$ref`, `allOf` and properties, nothing more is read (a recursive schema ends).
const maxDepth = 16;

/** The schema and what it holds in conjunction: its local `$ref` target and `allOf` members, recursively. */
function conjuncts(bundle: Json, schema: unknown, depth = 0): unknown[] {
  if (!isObject(schema) || depth > maxDepth) return [schema];
  const out: unknown[] = [schema];
  const named = target(bundle, schema);
  if (named !== undefined) out.push(...conjuncts(bundle, named, depth + 1));
  if (Array.isArray(schema.allOf)) for (const member of schema.allOf) out.push(...conjuncts(bundle, member, depth + 1));
  return out;
}

/** The kinds of value a schema can allow, read from `type`, `const` and `enum` (and `false`). */
function kinds(parts: unknown[]): Set<Kind> {
  let out = new Set<Kind>(allKinds);
  const keep = (allowed: Iterable<Kind>) => {
    const set = new Set(allowed);
    out = new Set([...out].filter((kind) => set.has(kind)));
  };
  for (const part of parts) {
    if (part === false) keep([]);
    if (!isObject(part)) continue;
    const { type } = part;
    if (typeof type === 'string' || Array.isArray(type)) keep([type].flat().flatMap((name) => kindsOfType[String(name)] ?? []));
    if ('const' in part) keep([kindOf(part.const)]);
    if (Array.isArray(part.enum)) keep(part.enum.map(kindOf));
  }
  return out;
}

/** The schemas an object's property `name` must match, where present: from `properties`, else `additionalProperties`. */
function propertySchemas(parts: unknown[], name: string): unknown[] {
  return parts.filter(isObject).flatMap((part) => {
    if (isObject(part.properties) && Object.hasOwn(part.properties, name)) return [part.properties[name]];
    // A name matching a patternProperties entry is not an additional property: read nothing then.
    if (part.patternProperties === undefined && part.additionalProperties !== undefined) return [part.additionalProperties];
    return [];
  });
}

/**
 * True only when no value can match both schemas: their kinds do not meet, or (both allowing only
 * objects) they require more properties than one allows, or a property one of them requires must
 * match disjoint schemas in the two.
 */
export function disjoint(bundle: Json, a: unknown, b: unknown, depth = 0): boolean {
  if (depth > maxDepth) return false;
  const partsA = conjuncts(bundle, a);
  const partsB = conjuncts(bundle, b);
  const kindsB = kinds(partsB);
  const common = [...kinds(partsA)].filter((kind) => kindsB.has(kind));
  if (common.length === 0) return true;
  if (common.some((kind) => kind !== 'object')) return false;
  const required = new Set(
    [...partsA, ...partsB].flatMap((part) => (isObject(part) && Array.isArray(part.required) ? part.required.filter((n) => typeof n === 'string') : [])),
  );
  const maxProperties = Math.min(
    ...[...partsA, ...partsB].map((part) => (isObject(part) && typeof part.maxProperties === 'number' ? part.maxProperties : Number.POSITIVE_INFINITY)),
  );
  if (required.size > maxProperties) return true;
  for (const name of required) {
    for (const x of propertySchemas(partsA, name)) {
      for (const y of propertySchemas(partsB, name)) if (disjoint(bundle, x, y, depth + 1)) return true;
    }
  }
  return false;
}

const require = createRequire(import.meta.url);
const { Name, not } = require('ajv/dist/compile/codegen') as typeof import('ajv/dist/compile/codegen/index.js');
const { alwaysValidSchema } = require('ajv/dist/compile/util') as typeof import('ajv/dist/compile/util.js');

/** The `oneOf` lists of a bundle whose alternatives are pairwise disjoint (by identity, as ajv hands them to the keyword). */
export function disjointOneOfs(bundle: Json): Set<unknown> {
  const found = new Set<unknown>();
  // Every object of the bundle with a `oneOf` list: schemas wherever they sit. (A value that is
  // no schema, an enum's say, is never handed to the keyword, so finding it too does no harm.)
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    const alternatives = node.oneOf;
    if (Array.isArray(alternatives) && alternatives.length > 0 && alternatives.every((a, i) => alternatives.slice(i + 1).every((b) => disjoint(bundle, a, b)))) {
      found.add(alternatives);
    }
    Object.values(node).forEach(walk);
  };
  walk(bundle);
  return found;
}

/**
 * ajv's `oneOf` (`original`, its rule's definition) that stops at the first alternative that
 * holds when its list is in `disjointLists`. Otherwise the same code as ajv's (ajv 8.20,
 * vocabularies/applicator/oneOf): each alternative checked in order with ajv's own subschema
 * context, the holding one's evaluated properties merged, the errors dropped on success, and when
 * none holds every alternative's errors and then the `oneOf` error with `passingSchemas: null`.
 */
export function firstMatchOneOf(original: CodeKeywordDefinition, disjointLists: ReadonlySet<unknown>): CodeKeywordDefinition {
  return {
    ...original,
    code(cxt: KeywordCxt, ruleType?: string) {
      const { gen, schema, parentSchema, it } = cxt;
      // ajv's own also where its `discriminator` option takes the keyword over.
      if (!disjointLists.has(schema) || (it.opts.discriminator && parentSchema.discriminator)) return original.code(cxt, ruleType);
      const valid = gen.let('valid', false);
      const passing = gen.let('passing', null);
      const schValid = gen.name('_valid');
      cxt.setParams({ passing });
      gen.block(() =>
        (schema as unknown[]).forEach((alternative, i) => {
          // From the second alternative on, only while none has held (closed by the block's end).
          if (i > 0) gen.if(not(valid));
          if (alwaysValidSchema(it, alternative as never)) {
            gen.var(schValid, true);
            gen.assign(valid, true).assign(passing, i);
            return;
          }
          const schCxt = cxt.subschema({ keyword: 'oneOf', schemaProp: i, compositeRule: true }, schValid);
          gen.if(schValid, () => {
            gen.assign(valid, true);
            gen.assign(passing, i);
            cxt.mergeEvaluated(schCxt, Name);
          });
        }),
      );
      cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
    },
  };
}
