// Test support (not built): the limits a request body schema carries, read from the bundle, and
// for each one a value that breaks it, built from the operation's own example. The tests then hold
// the generated validators to every limit without restating one.
import { type Json, walkSchema } from '../../scripts/targets.js';

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
  walkSchema(bundle, pointer, (schema, path) => {
    for (const keyword of limitKeywords) {
      const value = schema.value[keyword];
      if (value === undefined) continue;
      if (keyword === 'required') {
        for (const name of value as string[]) limits.push({ path, keyword, value: name, schemaPointer: schema.pointer });
      } else limits.push({ path, keyword, value, schemaPointer: schema.pointer });
    }
  });
  return limits;
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
 * The example with the value at `path` (instance tokens, `*` an array index) replaced by
 * `replace(current)`, and that value's pointer. Containers missing from the example on the way are
 * created (objects, or arrays at `*`).
 */
export function replaceAt(example: unknown, path: readonly string[], replace: (current: unknown) => unknown): { value: unknown; pointer: string } {
  const root = { value: clone(example) as unknown };
  let parent: Record<string, unknown> | unknown[] = root as Record<string, unknown>;
  let key: string | number = 'value';
  let pointer = '';
  for (const token of path) {
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
  (parent as Record<string | number, unknown>)[key] = replace((parent as Record<string | number, unknown>)[key]);
  return { value: root.value, pointer };
}

/** The example with this one limit broken, and the pointer where the violation must be reported. */
export function breakLimit(example: unknown, limit: Limit): { value: unknown; pointer: string } {
  if (limit.keyword === 'required') {
    const name = limit.value as string;
    const { value, pointer } = replaceAt(example, limit.path, (holder) => {
      const object = holder && typeof holder === 'object' && !Array.isArray(holder) ? (holder as Record<string, unknown>) : {};
      delete object[name];
      return object;
    });
    return { value, pointer: `${pointer}/${escapeToken(name)}` };
  }
  return replaceAt(example, limit.path, (current) => breaking(limit, current));
}

/** The `limit` a violation of this keyword carries (VALIDATORS-API.md). */
export function expectedLimit(limit: Limit): number | string | undefined {
  if (limit.keyword === 'required' || limit.keyword === 'enum') return undefined;
  return limit.value as number | string;
}
