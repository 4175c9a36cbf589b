// The documented limits of a request body (section 8, and the lengths, ranges and property counts
// of section 2), read from the bundle's schemas: maxLength/minLength, maxItems/minItems,
// maximum/minimum, minProperties and `x-max-days-ahead`. For each, a body at the bound (must be
// accepted) and one past it (must be refused in the interface's error shape, section 7). Read from the bundle rather than from
// spec-check's catalogue (tools/spec-check/catalog), which is a private tool of this repository
// and not published: the bundles carry the same limits, and spec-check holds the bundles to the
// catalogue, so the limits verified here are the catalogue's.
import { deref, type Json, type Operation } from './contract.js';

export type LimitKeyword = 'maxLength' | 'minLength' | 'maxItems' | 'minItems' | 'maximum' | 'minimum' | 'minProperties' | 'x-max-days-ahead' | 'enum' | 'pattern' | 'format';
// `minProperties`: C's Destination "at least one property present", Message "at least two"
// (section 2.3), and the one key of a wrapped delivery attempt.
const KEYWORDS: readonly LimitKeyword[] = ['maxLength', 'minLength', 'maxItems', 'minItems', 'maximum', 'minimum', 'minProperties', 'x-max-days-ahead'];

export interface Limit {
  /** Property names, `*` for an array item and FREE_KEY for a property of free name, from the body's root. */
  path: string[];
  keyword: LimitKeyword;
  /**
   * The bound (`enum`: how many values it lists; `pattern`, `format`: 0). An `enum`, a `pattern` or a
   * `format` has no bound to be "at": only a value past it (none of the values, a string the pattern
   * or the format refuses) is sent.
   */
  value: number;
  /** The section the bundle's description cites (`8` when it cites section 8). */
  section: string;
  schema: Json;
  /** The named schema the keyword sits on (`LongString`), when it is one. */
  component?: string;
  /** The named object schema whose property this is (`Destination`), and the property (`mobile`). */
  parent?: string;
  property?: string;
}

/**
 * The path token of a property whose name is free (`additionalProperties`, such as C's wrapped
 * delivery attempt, section 2.3): in a body, the object's first property, whatever its name.
 */
export const FREE_KEY = '{key}';

export const pointerOf = (path: readonly string[]) => path.map((t) => `/${t === '*' ? '0' : t}`).join('');

/** Every limit of a request body schema, depth-first in the order of the schema's properties. */
export function limitsOf(document: Json, root: Json, sectionOfResources: string, rootName?: string): Limit[] {
  const out: Limit[] = [];
  const nameOf = (node: Json | undefined) => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);
  const visit = (node: Json | undefined, path: string[], described: string, depth: number, parent?: string) => {
    if (depth > 10) return;
    const schema = deref(document, node);
    if (!schema || schema.readOnly) return;
    const component = nameOf(node) ?? (depth === 0 ? rootName : undefined);
    const property = path[path.length - 1];
    const text = `${node?.description ?? ''} ${schema.description ?? ''} ${described}`;
    // "section 8", "sections 2.3 and 8": not any lone 8 (Uuid's "hex groups 8-4-4-4-12" is section
    // 2.3's) nor a section 8.x of another text.
    const section = /\bsections? (?:[\d.]+ (?:and|to) )?8\b(?!\.\d|-)/i.test(text) ? '8' : sectionOfResources;
    // A closed set of values (C's channel, scheduler_pipe, message type, section 2.3) and a
    // pattern (C's scalar formats, B's leading plus): a value past them must be refused.
    const closed = Array.isArray(schema.enum) && schema.enum.every((v: unknown) => typeof v === 'string') ? schema.enum.length : undefined;
    const patterned = typeof schema.pattern === 'string' ? 0 : undefined;
    // A string format (uuid, date-time, "e-mail format", "URL format", sections 2.1 to 2.4).
    const formatted = typeof schema.format === 'string' && schema.type === 'string' ? 0 : undefined;
    for (const keyword of [...KEYWORDS, 'enum', 'pattern', 'format'] as const) {
      const value = keyword === 'enum' ? closed : keyword === 'pattern' ? patterned : keyword === 'format' ? formatted : schema[keyword];
      if (typeof value !== 'number') continue;
      // A zero minimum of a count or length has no "one past" and is the trivial bound; it is
      // still checked at the bound (an empty array), not past it.
      out.push({
        path,
        keyword,
        value,
        section,
        schema,
        ...(component && { component }),
        ...(parent && property !== undefined && property !== '*' && property !== FREE_KEY && { parent, property }),
      });
    }
    if (schema.type === 'object' || schema.properties) {
      for (const [name, child] of Object.entries((schema.properties ?? {}) as Json)) visit(child as Json, [...path, name], '', depth + 1, component);
    }
    if (schema.type === 'array' && schema.items) visit(schema.items, [...path, '*'], '', depth + 1);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      visit(schema.additionalProperties, [...path, FREE_KEY], '', depth + 1, component);
    }
    // Each alternative's limits hold where that alternative is the form used (C's delivery attempt
    // directly in the element, or wrapped in one key, section 2.3): all are verified, each at its path.
    for (const alternative of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])] as Json[]) visit(alternative, path, '', depth + 1, parent);
  };
  visit(root, [], '', 0);
  return out;
}

/** The container and key at `path` inside `body`, if its parent exists (array items: index 0). */
function parentOf(body: unknown, path: readonly string[]): { container: any; key: string | number } | undefined {
  const keyOf = (at: any, token: string): string | number | undefined => {
    if (token === '*') return Array.isArray(at) && at.length > 0 ? 0 : undefined;
    if (token === FREE_KEY) return Array.isArray(at) ? undefined : Object.keys(at)[0];
    return token;
  };
  let at: any = body;
  for (const token of path.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return undefined;
    const key = keyOf(at, token);
    at = key === undefined ? undefined : at[key];
    if (at === undefined) return undefined;
  }
  const last = path[path.length - 1];
  if (last === undefined || at === null || typeof at !== 'object') return undefined;
  const key = keyOf(at, last);
  return key === undefined ? undefined : { container: at, key };
}

/** Whether `body` holds a value at `path` (or, for the root, always). */
export function hasPath(body: unknown, path: readonly string[]): boolean {
  if (path.length === 0) return true;
  const parent = parentOf(body, path);
  return parent !== undefined && parent.container[parent.key] !== undefined;
}

const clone = <T>(value: T): T => structuredClone(value);

/** `body` with the value at `path` replaced. */
export function withValue(body: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(body);
  const parent = parentOf(copy, path)!;
  parent.container[parent.key] = value;
  return copy;
}

export function valueAt(body: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return body;
  const parent = parentOf(body, path);
  return parent?.container[parent.key];
}

const FILLERS = ['a', '0', 'A', '_', 'b'];

/** Strings of exactly `length` made from a valid `start` (padded or cut at several places). */
function stringsOfLength(start: string, length: number): string[] {
  const out = new Set<string>();
  for (const filler of FILLERS) {
    if (start.length >= length) {
      out.add(start.slice(0, length));
      out.add(start.slice(start.length - length));
      continue;
    }
    const pad = filler.repeat(length - start.length);
    const at = start.indexOf('@');
    out.add(start + pad);
    out.add(pad + start);
    out.add(start.slice(0, 1) + pad + start.slice(1));
    if (at > 0) out.add(start.slice(0, at) + pad + start.slice(at));
    out.add(start.slice(0, Math.floor(start.length / 2)) + pad + start.slice(Math.floor(start.length / 2)));
  }
  return [...out];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Margin for the clocks of verifier and target: "at" the 60-day bound is an hour short of it, "past" it a day over. */
const CLOCK_MARGIN_MS = 60 * 60 * 1000;

/**
 * Candidate values for a limit at the bound (`at`) or one past it (`past`), made from the valid
 * value `current`; the caller keeps the first whose whole body the validator judges as intended.
 */
export function candidates(limit: Limit, current: unknown, side: 'at' | 'past', now: number): unknown[] {
  const { keyword, value } = limit;
  const target = (grow: boolean) => (side === 'at' ? value : grow ? value + 1 : value - 1);
  switch (keyword) {
    case 'maxLength':
    case 'minLength': {
      const length = target(keyword === 'maxLength');
      if (length < 0) return [];
      const start = typeof current === 'string' && current.length > 0 ? current : 'a';
      return stringsOfLength(start, length);
    }
    case 'maxItems':
    case 'minItems': {
      const count = target(keyword === 'maxItems');
      if (count < 0) return [];
      const items = Array.isArray(current) ? current : [];
      if (count > 0 && items.length === 0) return [];
      return [Array.from({ length: count }, (_, i) => clone(items[i % items.length]))];
    }
    case 'maximum':
    case 'minimum':
      return [target(keyword === 'maximum')];
    case 'enum':
      // No value of the set: the first one changed, then a plain word.
      return side === 'past' ? [`${String(current ?? 'x')}-undocumented`, 'undocumented'] : [];
    case 'format':
      // A word that is no value of any of the bundles' string formats.
      return side === 'past' ? ['not-a-value-of-this-format', 'x'] : [];
    case 'pattern': {
      // A valid value changed where patterns usually look, each keeping its length where it can so
      // that the pattern is what it breaks: upper case (C's lower-case Uuid), a punctuation mark for
      // its last character (LongString, ShortString, E164, language), its first character dropped
      // (B's leading plus), a slash removed (MimeType).
      if (side !== 'past') return [];
      const start = typeof current === 'string' && current.length > 0 ? current : 'a';
      return [start.toUpperCase(), `${start.slice(0, -1)}!`, start.slice(1), start.replace('/', ''), `!${start.slice(1)}`, '!'];
    }
    case 'minProperties': {
      // The object's own properties, its required ones first, cut to the count.
      const count = target(false);
      if (count < 0 || current === null || typeof current !== 'object' || Array.isArray(current)) return [];
      const required = new Set<string>((limit.schema.required ?? []) as string[]);
      const keys = Object.keys(current).sort((a, b) => Number(required.has(b)) - Number(required.has(a)));
      if (keys.length < count) return [];
      return [Object.fromEntries(keys.slice(0, count).map((key) => [key, clone((current as Record<string, unknown>)[key])]))];
    }
    case 'x-max-days-ahead': {
      const at = side === 'at' ? now + value * DAY_MS - CLOCK_MARGIN_MS : now + value * DAY_MS + DAY_MS;
      return [new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z')];
    }
  }
}

export function describeLimit(limit: Limit, side: 'at' | 'past'): string {
  const where = pointerOf(limit.path) || '(body)';
  if (limit.keyword === 'enum') return `${where} past enum (none of its ${limit.value} values)`;
  if (limit.keyword === 'pattern') return `${where} past pattern ${limit.schema.pattern}`;
  if (limit.keyword === 'format') return `${where} past format ${limit.schema.format}`;
  const past = limit.keyword.startsWith('max') || limit.keyword === 'x-max-days-ahead' ? '+ 1' : '- 1';
  return `${where} ${side === 'at' ? 'at' : 'past'} ${limit.keyword} ${limit.value}${side === 'past' ? ` (${past})` : ''}`;
}

/**
 * A body with the limit's value at the bound or one past it, judged so by the validator; 'none' when
 * there is no "past". With `add`, a base that lacks the limit's field but has the object it belongs
 * in gets the field (A's broadcast example has no `mask`); without, only bases that have it are used.
 */
export function boundaryBody(op: Operation, limit: Limit, side: 'at' | 'past', bases: unknown[], now: number, add = false): unknown | 'none' {
  if (side === 'past' && limit.value === 0 && (limit.keyword === 'minItems' || limit.keyword === 'minLength')) return 'none';
  // The examples are the values inside an enum or a pattern; only one past it is sent.
  if (side === 'at' && (limit.keyword === 'enum' || limit.keyword === 'pattern' || limit.keyword === 'format')) return 'none';
  for (const base of bases) {
    const usable = add ? !hasPath(base, limit.path) && parentOf(base, limit.path) !== undefined : hasPath(base, limit.path);
    if (limit.path.length > 0 && !usable) continue;
    for (const value of candidates(limit, valueAt(base, limit.path), side, now)) {
      const body = withValue(base, limit.path, value);
      const violations = op.validators.body!(body, { now: () => now });
      if (side === 'at' ? violations.length === 0 : violations.some((v) => v.rule === limit.keyword)) return body;
    }
  }
  return undefined;
}
