// Compares what a schema says with what the catalogue expects. Two modes:
// - closed (section 2 entries): every constraint the document states must be there with its exact
//   value, and every constraint keyword it does not state must be absent (specs/README.md: "Do not
//   add ... formats, enums, patterns or bounds the document does not state");
// - partial (section 7 and 8 entries): only the stated keywords are compared.
// Bounds are compared by their effective value, so `exclusiveMaximum: 601` on an integer is the
// same rule as `maximum: 600`, and an absent `minItems` is the same as `minItems: 0`.
import type { Expect } from './catalog.js';
import { items, keyword, properties, propertiesLoc, readSchema, requiredNames, type SchemaParts } from './schema.js';
import { type DocumentView, isObject, type Node } from './view.js';

export type Mode = 'closed' | 'partial';

export interface Finding<L> {
  loc: L;
  expected: string;
  found: string;
}

export function show(value: unknown): string {
  // JSON.stringify gives undefined for undefined (a server without url) and throws on a cycle.
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a found enum lacks and has besides the wanted values: `without "b" and with "c" too`. */
function enumDifference(wanted: unknown[], found: unknown[]): string {
  const json = (values: unknown[]) => values.map((v) => JSON.stringify(v));
  const [want, have] = [json(wanted), json(found)];
  const missing = want.filter((v) => !have.includes(v));
  const extra = have.filter((v) => !want.includes(v));
  const parts = [...(missing.length ? [`without ${missing.join(', ')}`] : []), ...(extra.length ? [`with ${extra.join(', ')} too`] : [])];
  // Same values, another count: a repeated value.
  return parts.length ? parts.join(' and ') : `[${have.join(', ')}] (a value repeated)`;
}

/** Keywords that constrain a value and that the catalogue never expects. */
const NEVER_STATED = [
  'multipleOf', 'uniqueItems', 'maxProperties', 'writeOnly', 'nullable', 'not', 'anyOf', 'oneOf', 'if',
  'then', 'else', 'contains', 'minContains', 'maxContains', 'prefixItems', 'additionalItems',
  'patternProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'exclusiveMinimum', 'exclusiveMaximum',
];

/** Whether a keyword's value constrains anything (an `additionalProperties: true` does not). */
export function constrains(name: string, value: unknown): boolean {
  switch (name) {
    case 'minLength':
    case 'minItems':
    case 'minProperties':
    case 'minContains':
      return typeof value === 'number' && value > 0;
    case 'uniqueItems':
    case 'readOnly':
    case 'writeOnly':
    case 'nullable':
      return value === true;
    case 'additionalProperties':
    case 'unevaluatedProperties':
    case 'additionalItems':
    case 'unevaluatedItems':
    case 'items':
      return value === false || (isObject(value) && Object.keys(value).length > 0);
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return value !== false && value !== undefined;
    default:
      return value !== undefined;
  }
}

const PRIMITIVES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

function typeSet(value: unknown): Set<string> {
  const names = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  const set = new Set(names);
  if (set.has('number')) set.add('integer');
  return set;
}

export function effectiveTypes<L>(view: DocumentView<L>, schema: SchemaParts<L>): string[] | undefined {
  const declared = keyword(view, schema, 'type');
  if (declared.length === 0) return undefined;
  let allowed = new Set(PRIMITIVES);
  for (const occurrence of declared) {
    const set = typeSet(occurrence.value);
    allowed = new Set([...allowed].filter((t) => set.has(t)));
  }
  if (keyword(view, schema, 'nullable').some((n) => n.value === true)) allowed.add('null');
  if (allowed.has('number')) allowed.delete('integer');
  return [...allowed].sort();
}

export interface Bound {
  name: string;
  upper: boolean;
  /** An absent lower bound of a count is the same as this. */
  zero?: number;
  exclusive?: string;
}

export const BOUNDS: Bound[] = [
  { name: 'minLength', upper: false, zero: 0 },
  { name: 'maxLength', upper: true },
  { name: 'minItems', upper: false, zero: 0 },
  { name: 'maxItems', upper: true },
  { name: 'minProperties', upper: false, zero: 0 },
  { name: 'minimum', upper: false, exclusive: 'exclusiveMinimum' },
  { name: 'maximum', upper: true, exclusive: 'exclusiveMaximum' },
];

interface Effective<L> {
  value: number | undefined;
  /** The occurrence that sets the effective value. */
  at?: { loc: L; text: string };
  /** An exclusive bound on a non-integer cannot equal an inclusive one. */
  exclusive: boolean;
}

export function effectiveBound<L>(view: DocumentView<L>, schema: SchemaParts<L>, bound: Bound, integer: boolean): Effective<L> {
  const result: Effective<L> = { value: undefined, exclusive: false };
  const consider = (value: number, loc: L, text: string, exclusive: boolean) => {
    const better = result.value === undefined || (bound.upper ? value < result.value : value > result.value);
    if (better) Object.assign(result, { value, at: { loc, text }, exclusive });
  };
  const inclusive = keyword(view, schema, bound.name);
  // OpenAPI 3.0's boolean form: `exclusiveMaximum: true` makes `maximum` exclusive.
  const booleanExclusive = bound.exclusive
    ? keyword(view, schema, bound.exclusive).some((k) => k.value === true)
    : false;
  for (const occurrence of inclusive) {
    if (typeof occurrence.value !== 'number') continue;
    const text = `${bound.name} ${occurrence.value}`;
    if (booleanExclusive && integer) consider(occurrence.value + (bound.upper ? -1 : 1), occurrence.loc, `${text} (exclusive)`, false);
    else consider(occurrence.value, occurrence.loc, text, booleanExclusive);
  }
  if (bound.exclusive) {
    for (const occurrence of keyword(view, schema, bound.exclusive)) {
      if (typeof occurrence.value !== 'number') continue;
      const text = `${bound.exclusive} ${occurrence.value}`;
      if (integer) consider(occurrence.value + (bound.upper ? -1 : 1), occurrence.loc, text, false);
      else consider(occurrence.value, occurrence.loc, text, true);
    }
  }
  return result;
}

function compilePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    try {
      return new RegExp(source);
    } catch {
      return undefined;
    }
  }
}

/** Findings for every keyword in `forbid` that constrains the schema. */
export function forbidden<L>(view: DocumentView<L>, schema: SchemaParts<L>, names: string[], why: string): Finding<L>[] {
  const findings: Finding<L>[] = [];
  for (const name of names) {
    for (const occurrence of keyword(view, schema, name)) {
      if (constrains(name, occurrence.value)) {
        findings.push({ loc: occurrence.loc, expected: `no ${name} (${why})`, found: `${name} ${show(occurrence.value)}` });
      }
    }
  }
  return findings;
}

/** Compares the schema at `nodes` (one schema, possibly declared in several places) with `expect`. */
export function checkSchema<L>(view: DocumentView<L>, nodes: Node<L>[], expect: Expect, mode: Mode): Finding<L>[] {
  if (expect.is) return [];
  const schema = readSchema(view, nodes);
  const findings: Finding<L>[] = schema.broken.map((b) => ({ loc: b.loc, expected: 'a resolvable $ref', found: b.error }));
  const closed = mode === 'closed';
  const home = schema.home.loc;
  const add = (loc: L, expected: string, found: string) => findings.push({ loc, expected, found });

  // type
  const types = effectiveTypes(view, schema);
  if (expect.type !== undefined) {
    if (!types) add(home, `type ${expect.type}`, 'no type');
    else if (types.length !== 1 || types[0] !== expect.type) {
      const at = keyword(view, schema, 'type').find((k) => !sameJson(k.value, expect.type)) ?? keyword(view, schema, 'type')[0]!;
      add(at.loc, `type ${expect.type}`, types.length ? `type ${types.join(' or ')}` : 'no possible type');
    }
  }
  const integer = types?.length === 1 && types[0] === 'integer';

  // format
  const formats = keyword(view, schema, 'format');
  if (expect.format !== undefined) {
    const wrong = formats.find((f) => f.value !== expect.format);
    if (wrong) add(wrong.loc, `format ${expect.format}`, `format ${show(wrong.value)}`);
    else if (formats.length === 0) add(home, `format ${expect.format}`, 'no format');
  } else if (closed) {
    for (const f of formats) add(f.loc, 'no format (the catalogue, from the document, states none)', `format ${show(f.value)}`);
  }

  // enum and const
  const enums = [
    ...keyword(view, schema, 'enum').map((k) => ({ ...k, values: Array.isArray(k.value) ? k.value : [], name: 'enum' })),
    ...keyword(view, schema, 'const').map((k) => ({ ...k, values: [k.value], name: 'const' })),
  ];
  if (expect.enum !== undefined) {
    const wanted = new Set(expect.enum.map((v) => JSON.stringify(v)));
    // Both sides in one notation, each value as JSON writes it; the found side names what differs
    // (a long list cut to a length hid a value added at its end).
    const wantedText = `enum [${expect.enum.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (enums.length === 0) add(home, wantedText, 'no enum');
    else {
      let allowed: Set<string> | undefined;
      for (const e of enums) {
        const set = new Set(e.values.map((v) => JSON.stringify(v)));
        allowed = allowed ? new Set([...allowed].filter((v) => set.has(v))) : set;
      }
      const same = allowed!.size === wanted.size && [...wanted].every((v) => allowed!.has(v));
      if (!same) {
        const at = enums.find((e) => e.values.length !== wanted.size || e.values.some((v) => !wanted.has(JSON.stringify(v)))) ?? enums[0]!;
        add(at.loc, wantedText, at.name === 'enum' ? `enum ${enumDifference(expect.enum, at.values)}` : `${at.name} ${show(at.value)}`);
      }
    }
  } else if (closed) {
    for (const e of enums) add(e.loc, `no ${e.name} (the catalogue, from the document, states no set of values)`, `${e.name} ${show(e.value)}`);
  }

  // pattern
  const patterns = keyword(view, schema, 'pattern');
  if (expect.pattern !== undefined) {
    const wrong = patterns.find((p) => p.value !== expect.pattern);
    if (wrong) add(wrong.loc, `pattern ${expect.pattern}`, `pattern ${show(wrong.value)}`);
    else if (patterns.length === 0) add(home, `pattern ${expect.pattern}`, 'no pattern');
  } else if (expect.accepts !== undefined || expect.rejects !== undefined) {
    const compiled = patterns.map((p) => ({ ...p, regex: typeof p.value === 'string' ? compilePattern(p.value) : undefined }));
    for (const p of compiled) if (!p.regex) add(p.loc, 'a valid regular expression', `pattern ${show(p.value)}`);
    const usable = compiled.filter((p) => p.regex);
    for (const sample of expect.accepts ?? []) {
      const refusing = usable.find((p) => !p.regex!.test(sample));
      if (refusing) add(refusing.loc, `a pattern that accepts "${sample}"`, `pattern ${show(refusing.value)} rejects it`);
    }
    for (const sample of expect.rejects ?? []) {
      if (!usable.some((p) => !p.regex!.test(sample))) {
        const at = usable[0];
        add(at ? at.loc : home, `a pattern that rejects "${sample}"`, at ? `pattern ${show(at.value)} accepts it` : 'no pattern');
      }
    }
  } else if (closed) {
    for (const p of patterns) add(p.loc, 'no pattern (the catalogue, from the document, states none)', `pattern ${show(p.value)}`);
  }

  // bounds
  for (const bound of BOUNDS) {
    const wanted = (expect as Record<string, unknown>)[bound.name] as number | undefined;
    const effective = effectiveBound(view, schema, bound, integer);
    const value = effective.value ?? bound.zero;
    if (wanted !== undefined) {
      if (value !== wanted || effective.exclusive) {
        add(effective.at?.loc ?? home, `${bound.name} ${wanted}`, effective.at?.text ?? `no ${bound.name}`);
      }
    } else if (closed) {
      for (const name of [bound.name, ...(bound.exclusive ? [bound.exclusive] : [])]) {
        for (const occurrence of keyword(view, schema, name)) {
          if (constrains(name, occurrence.value)) {
            add(occurrence.loc, `no ${name} (the catalogue, from the document, states none)`, `${name} ${show(occurrence.value)}`);
          }
        }
      }
    }
  }

  // readOnly
  const readOnly = keyword(view, schema, 'readOnly').filter((k) => k.value === true);
  if (expect.readOnly === true && readOnly.length === 0) add(home, 'readOnly true', 'not read-only');
  if (expect.readOnly !== true && closed) {
    for (const r of readOnly) add(r.loc, 'not read-only (the catalogue, from the document, does not say read-only)', 'readOnly true');
  }

  // default
  const defaults = keyword(view, schema, 'default');
  if (expect.default !== undefined) {
    if (!defaults.some((d) => sameJson(d.value, expect.default))) {
      add(defaults[0]?.loc ?? home, `default ${show(expect.default)}`, defaults[0] ? `default ${show(defaults[0].value)}` : 'no default');
    }
  } else if (closed) {
    for (const d of defaults) add(d.loc, 'no default (the catalogue, from the document, states none)', `default ${show(d.value)}`);
  }

  // x- extensions holding limits JSON Schema cannot express
  for (const [name, value] of Object.entries(expect.extensions ?? {})) {
    const present = keyword(view, schema, name);
    if (!present.some((p) => sameJson(p.value, value))) {
      add(present[0]?.loc ?? home, `${name}: ${show(value)}`, present[0] ? `${name}: ${show(present[0].value)}` : `no ${name}`);
    }
  }

  // An x- extension the catalogue does not state here says a limit the document does not put here
  // (section 8: the broadcast bounds are on the destination items, not on the array).
  if (closed) {
    for (const part of schema.parts) {
      for (const name of Object.keys(part.value as object)) {
        if (name.startsWith('x-') && !Object.hasOwn(expect.extensions ?? {}, name)) {
          add(view.child(part.loc, name), `no ${name} here (the catalogue, from the document, states none at this place)`, `${name} ${show((part.value as Record<string, unknown>)[name])}`);
        }
      }
    }
  }

  // keywords the document never states
  if (closed) {
    const statedObject = expect.type === 'object';
    for (const name of NEVER_STATED) {
      if (name.startsWith('exclusive')) continue; // compared with the bounds above
      for (const occurrence of keyword(view, schema, name)) {
        if (name === 'nullable' && expect.type !== undefined) continue; // part of the type above
        if (constrains(name, occurrence.value)) {
          const why = statedObject && name === 'additionalProperties' ? 'further properties are not forbidden' : 'not stated in the catalogue (from the document)';
          add(occurrence.loc, `no ${name} (${why})`, `${name} ${show(occurrence.value)}`);
        }
      }
    }
  }

  // items
  if (expect.items !== undefined) {
    const found = items(view, schema);
    if (found.length === 0) add(home, 'items', 'no items');
    else findings.push(...checkSchema(view, found, expect.items, mode));
  }

  // shape: property names and required names (section 7 bodies)
  if (expect.properties !== undefined) {
    const present = properties(view, schema);
    for (const [name, wanted] of Object.entries(expect.properties)) {
      const nodesOf = present.get(name);
      if (!nodesOf) add(propertiesLoc(view, schema), `property ${name}`, `no property ${name}`);
      else findings.push(...checkSchema(view, nodesOf, wanted, mode));
    }
    for (const [name, nodesOf] of present) {
      if (!Object.hasOwn(expect.properties, name)) {
        add(nodesOf[0]!.loc, `no property ${name} (not in the documented shape)`, `property ${name}`);
      }
    }
  }
  if (expect.required !== undefined) {
    findings.push(...checkRequiredSet(view, schema, expect.required));
  }
  return findings;
}

/** The set of required names is exactly `wanted`. */
export function checkRequiredSet<L>(view: DocumentView<L>, schema: SchemaParts<L>, wanted: string[]): Finding<L>[] {
  const findings: Finding<L>[] = [];
  const required = requiredNames(view, schema);
  const requiredLoc = keyword(view, schema, 'required')[0]?.loc ?? schema.home.loc;
  for (const name of wanted) {
    if (!required.has(name)) findings.push({ loc: requiredLoc, expected: `${name} required`, found: `${name} optional` });
  }
  for (const [name, loc] of required) {
    if (!wanted.includes(name)) findings.push({ loc, expected: `${name} optional`, found: `${name} required` });
  }
  return findings;
}
