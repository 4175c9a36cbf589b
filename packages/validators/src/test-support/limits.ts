// Test support (not built): the limits a request body schema carries, read from the bundle, and
// for each one a value that breaks it, built from the operation's own example. The tests then hold
// the generated validators to every limit without restating one.
import { type Json, type Located, resolve } from '../../scripts/targets.js';

export const limitKeywords = ['maxLength', 'minLength', 'maxItems', 'minItems', 'minimum', 'maximum', 'pattern', 'enum', 'minProperties', 'required'] as const;
export type LimitKeyword = (typeof limitKeywords)[number];

export interface Limit {
  /** Instance path tokens; `*` is an array index. */
  path: string[];
  keyword: LimitKeyword;
  /** The keyword's value in the schema (for `required`: the property name). */
  value: unknown;
  /** Where in the bundle. */
  schemaPointer: string;
}

/** Every limit keyword reachable from a schema, through `$ref`, `properties`, `items` and the combinators. */
export function limitsOf(bundle: Json, pointer: string): Limit[] {
  const limits: Limit[] = [];
  const walk = (located: Located, path: string[], seen: Set<string>) => {
    const schema = resolve(bundle, located);
    if (seen.has(schema.pointer)) return;
    const inner = new Set(seen).add(schema.pointer);
    for (const keyword of limitKeywords) {
      const value = schema.value[keyword];
      if (value === undefined) continue;
      if (keyword === 'required') {
        for (const name of value as string[]) limits.push({ path, keyword, value: name, schemaPointer: schema.pointer });
      } else limits.push({ path, keyword, value, schemaPointer: schema.pointer });
    }
    const properties = schema.value.properties as Json | undefined;
    for (const name of Object.keys(properties ?? {})) {
      walk({ pointer: `${schema.pointer}/properties/${name}`, value: properties![name] as Json }, [...path, name], inner);
    }
    if (schema.value.items && typeof schema.value.items === 'object') {
      walk({ pointer: `${schema.pointer}/items`, value: schema.value.items as Json }, [...path, '*'], inner);
    }
    for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
      (schema.value[combinator] as Json[] | undefined)?.forEach((sub, i) => walk({ pointer: `${schema.pointer}/${combinator}/${i}`, value: sub }, path, inner));
    }
  };
  walk({ pointer, value: resolveAt(bundle, pointer) }, [], new Set());
  return limits;
}

function resolveAt(bundle: Json, pointer: string): Json {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, token) => (node as Json)[token.replace(/~1/g, '/').replace(/~0/g, '~')], bundle) as Json;
}

const clone = <T>(value: T): T => structuredClone(value);

/** A string that the pattern refuses. */
function notMatching(pattern: string): string {
  const re = new RegExp(pattern, 'u');
  const found = ['', ' ', '!', '~~', 'a b', '\u00e9', '0'].find((candidate) => !re.test(candidate));
  if (found === undefined) throw new Error(`no candidate breaks ${pattern}`);
  return found;
}

/** The value at the limit's path with the limit broken. */
function breaking(limit: Limit, current: unknown): unknown {
  const n = limit.value as number;
  switch (limit.keyword) {
    case 'maxLength':
      return 'a'.repeat(n + 1);
    case 'minLength':
      return 'a'.repeat(n - 1);
    case 'maxItems':
    case 'minItems': {
      const item = Array.isArray(current) && current.length > 0 ? current[0] : 'a';
      return Array.from({ length: limit.keyword === 'maxItems' ? n + 1 : n - 1 }, () => clone(item));
    }
    case 'minimum':
      return n - 1;
    case 'maximum':
      return n + 1;
    case 'pattern':
      return notMatching(limit.value as string);
    case 'enum':
      return (limit.value as unknown[]).every((v) => typeof v === 'number') ? 987654321 : 'not-a-documented-value';
    case 'minProperties': {
      const entries = Object.entries(current && typeof current === 'object' ? current : {});
      return Object.fromEntries(entries.slice(0, n - 1));
    }
    default:
      throw new Error(`no breaking value for ${limit.keyword}`);
  }
}

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The example with this one limit broken, and the pointer where the violation must be reported.
 * Containers missing from the example on the way are created (objects, or arrays at `*`).
 */
export function breakLimit(example: unknown, limit: Limit): { value: unknown; pointer: string } {
  const root = { value: clone(example) as unknown };
  let parent: Record<string, unknown> | unknown[] = root as Record<string, unknown>;
  let key: string | number = 'value';
  let pointer = '';
  for (const token of limit.path) {
    let node = (parent as Record<string | number, unknown>)[key];
    if (token === '*') {
      if (!Array.isArray(node) || node.length === 0) (parent as Record<string | number, unknown>)[key] = node = [{}];
      parent = node as unknown[];
      key = 0;
      pointer += '/0';
    } else {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) (parent as Record<string | number, unknown>)[key] = node = {};
      parent = node as Record<string, unknown>;
      key = token;
      pointer += `/${escapeToken(token)}`;
    }
  }
  if (limit.keyword === 'required') {
    const holder = (parent as Record<string | number, unknown>)[key];
    const object = holder && typeof holder === 'object' && !Array.isArray(holder) ? (holder as Record<string, unknown>) : {};
    delete object[limit.value as string];
    (parent as Record<string | number, unknown>)[key] = object;
    return { value: root.value, pointer: `${pointer}/${escapeToken(limit.value as string)}` };
  }
  (parent as Record<string | number, unknown>)[key] = breaking(limit, (parent as Record<string | number, unknown>)[key]);
  return { value: root.value, pointer };
}

/** The `limit` a violation of this keyword carries (VALIDATORS-API.md). */
export function expectedLimit(limit: Limit): number | string | undefined {
  if (limit.keyword === 'required' || limit.keyword === 'enum') return undefined;
  return limit.value as number | string;
}
