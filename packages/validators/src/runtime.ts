// Turns the generated tables (src/generated/<id>.ts) into the package's API: validators that
// return violations, parameter sets wrapped as `{ path, query }`, and the contract's
// `x-max-days-ahead` extension (section 8) checked against an injectable clock.
import { type RawValidator, type RootContext, type Violation, bounded, maxOf, violationReader } from './violations.js';

export interface ValidateOptions {
  /** Clock for "at most 60 days ahead" (`x-max-days-ahead`), in epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /**
   * How many violations to list, default 100 (`defaultMaxViolations`; C's APIError holds at most
   * 100 errors, section 8). When more are found, the list holds the first `maxViolations` and one
   * more entry, rule `maxViolations`, saying how many were left out. Time stays linear in the value
   * either way.
   */
  maxViolations?: number;
}

/** Checks one value; `[]` (one shared frozen array) when it is valid. Never throws, never echoes input. */
export type Validator = (value: unknown, options?: ValidateOptions) => readonly Violation[];

export interface OperationValidators {
  /** As in the bundle: `sendMessage`, `receiveStatusCallback`, ... */
  operationId: string;
  /** Lower case: `get`, `post`, `delete`, ... */
  method: string;
  /** The path template as in the bundle's `paths`; for a callback, its expression or webhook name. */
  path: string;
  /** The JSON request body, when the operation has one. */
  body?: Validator | undefined;
  bodyRequired: boolean;
  /**
   * The path and query parameter set, validated as `{ path: {...}, query: {...} }`. Accepts the wire
   * form (strings, as a server reads them from the URL) and typed values (as a client passes them);
   * strings are judged as the documented type they convert to. The value passed is never changed.
   * Every operation has one (an operation without parameters takes `{}`).
   */
  params: Validator;
  /** Response bodies by status key as in the bundle (`'200'`, `'default'`, ...), where the response has a JSON body schema. */
  responses: Readonly<Record<string, Validator>>;
  /**
   * Every response status key the operation documents, in the bundle's order, with a JSON body or
   * without one (D's `deleteList`: `['204', 'default']`): findResponseValidator picks the key first.
   */
  statuses: readonly string[];
}

/** What a generated row has: a body validator or not, and its response statuses. */
export interface OperationShape {
  body: boolean;
  responses: string;
}

/**
 * An operation's validators typed by its shape: `body` is a Validator where the operation has a
 * JSON request body (else absent), `params` always, and `responses` has exactly the statuses the
 * bundle documents with a JSON body; so no `!` for what always exists.
 */
export type TypedOperationValidators<S extends OperationShape> = Readonly<
  Omit<OperationValidators, 'body' | 'responses'> &
    (S['body'] extends true ? { body: Validator } : { body?: undefined }) & { responses: Readonly<Record<S['responses'], Validator>> }
>;

/** A generated table typed row by row, keyed by operationId. */
export type TypedOperations<T extends Record<string, OperationShape>> = { readonly [K in keyof T]: TypedOperationValidators<T[K]> };

/** Where a generated schema carries `x-max-days-ahead`: instance path tokens (`*`: any array index) and days. */
export interface DaysAheadRule {
  path: readonly string[];
  limit: number;
}

/** One row of a generated table. */
export interface GeneratedOperation {
  operationId: string;
  method: string;
  path: string;
  body?: RawValidator;
  bodyRequired: boolean;
  params: RawValidator;
  responses: Record<string, RawValidator>;
  statuses: readonly string[];
  daysAhead: Record<string, readonly DaysAheadRule[]>;
}

const valid: readonly Violation[] = Object.freeze([]);

// The generated signature, `(data, {instancePath = "", ..., dynamicAnchors = {}} = {})`, builds
// two objects per call when called with one argument. Passing one frozen context skips that; the
// generator refuses schemas whose code would use it ($dynamicAnchor, $dynamicRef).
const root: RootContext = Object.freeze({ instancePath: '', dynamicAnchors: Object.freeze({}) });

const dayMs = 24 * 60 * 60 * 1000;
const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Epoch ms of an RFC 3339 date-time; a leap second (`23:59:60`), which Date.parse refuses, is the instant after `:59`. */
function instant(text: string): number {
  const at = Date.parse(text);
  if (!Number.isNaN(at)) return at;
  const leap = text.replace(/:60(?=[.,zZ+-])/, ':59');
  return leap === text ? Number.NaN : Date.parse(leap) + 1000;
}

/**
 * `x-max-days-ahead` (section 8): a date-time later than `now` plus the limit in days breaks it;
 * exactly the limit passes. Dates in the past are not refused: the document gives only an upper
 * limit. A value that is not a date-time is left to the `format` rule.
 */
function daysAheadViolations(value: unknown, rules: readonly DaysAheadRule[], now: () => number): Violation[] {
  const out: Violation[] = [];
  const visit = (node: unknown, rule: DaysAheadRule, depth: number, pointer: string, property: string) => {
    if (depth === rule.path.length) {
      if (typeof node !== 'string') return;
      const at = instant(node);
      if (Number.isNaN(at) || at - now() <= rule.limit * dayMs) return;
      out.push({ pointer, property, rule: 'x-max-days-ahead', limit: rule.limit, message: `must be at most ${rule.limit} days ahead` });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const token = rule.path[depth]!;
    if (token === '*') {
      if (Array.isArray(node)) node.forEach((item, i) => visit(item, rule, depth + 1, `${pointer}/${i}`, String(i)));
    } else if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, token)) {
      visit((node as Record<string, unknown>)[token], rule, depth + 1, `${pointer}/${escapeToken(token)}`, token);
    }
  };
  for (const rule of rules) visit(value, rule, 0, '', '');
  return out;
}

/** How many of a failed validator's errors are past the first `max`, which the reader left unread. */
const unread = (raw: RawValidator, max: number) => Math.max(0, (raw.errors?.length ?? 0) - max);

/** A validator over one generated function, with the extension rules of its schema. */
export function bodyValidator(raw: RawValidator, daysAhead?: readonly DaysAheadRule[]): Validator {
  const read = violationReader(raw);
  const failed = (options: ValidateOptions | undefined) => {
    const max = maxOf(options?.maxViolations);
    return bounded(read(max), max, unread(raw, max));
  };
  if (!daysAhead || daysAhead.length === 0) return (value, options) => (raw(value, root) ? valid : failed(options));
  return (value, options) => {
    const max = maxOf(options?.maxViolations);
    const passed = raw(value, root);
    const violations = passed ? [] : read(max);
    for (const violation of daysAheadViolations(value, daysAhead, options?.now ?? Date.now)) violations.push(violation);
    return violations.length === 0 ? valid : bounded(violations, max, passed ? 0 : unread(raw, max));
  };
}

const notAnObject: readonly Violation[] = Object.freeze([
  Object.freeze({ pointer: '', property: '', rule: 'type', limit: 'object', message: 'must be an object' }),
]) as readonly Violation[];

/** A copy of a parameter group, one level deep (a query array included), for the generated code to coerce. */
function copyGroup(group: unknown): unknown {
  if (group === null || typeof group !== 'object' || Array.isArray(group)) return group;
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(group)) copy[name] = Array.isArray(value) ? [...value] : value;
  return copy;
}

/**
 * A validator of `{ path, query }`. A missing group counts as empty; the generated code, which
 * coerces string values in place (ajv's `coerceTypes`), gets copies, so the caller's object is
 * never changed.
 */
export function paramsValidator(raw: RawValidator): Validator {
  const read = violationReader(raw);
  return (value, options) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return notAnObject;
    const { path = {}, query = {} } = value as { path?: unknown; query?: unknown };
    if (raw({ path: copyGroup(path), query: copyGroup(query) }, root)) return valid;
    const max = maxOf(options?.maxViolations);
    return bounded(read(max), max, unread(raw, max));
  };
}

export function operationValidators(generated: GeneratedOperation): OperationValidators {
  const { operationId, method, path, body, bodyRequired, params, responses, statuses, daysAhead } = generated;
  return Object.freeze({
    operationId,
    method,
    path,
    ...(body && { body: bodyValidator(body, daysAhead.body) }),
    bodyRequired,
    params: paramsValidator(params),
    responses: Object.freeze(
      Object.fromEntries(Object.entries(responses).map(([status, raw]) => [status, bodyValidator(raw, daysAhead[status])])),
    ),
    statuses: Object.freeze([...statuses]),
  });
}

/** A generated table as the package's API, keyed by operationId, typed by the generated shapes. */
export function operationTable<T extends Record<string, OperationShape>>(generated: Record<string, GeneratedOperation>): TypedOperations<T> {
  return Object.freeze(Object.fromEntries(Object.entries(generated).map(([id, operation]) => [id, operationValidators(operation)]))) as TypedOperations<T>;
}
