// Turns the generated tables (src/generated/<id>.ts) into the package's API: validators that
// return violations, parameter sets wrapped as `{ path, query }`, and the contract's
// `x-max-days-ahead` extension (section 8) checked against an injectable clock.
import { type RawValidator, type RootContext, type Violation, violationReader } from './violations.js';

export interface ValidateOptions {
  /** Clock for "at most 60 days ahead" (`x-max-days-ahead`), in epoch milliseconds; default `Date.now`. */
  now?: () => number;
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
  body?: Validator;
  bodyRequired: boolean;
  /**
   * The path and query parameter set, validated as `{ path: {...}, query: {...} }`. Accepts the wire
   * form (strings, as a server reads them from the URL) and typed values (as a client passes them);
   * strings are coerced in place to the documented type.
   */
  params?: Validator;
  /** Response bodies by status key as in the bundle (`'200'`, `'default'`, ...), where the response has a JSON body schema. */
  responses: Readonly<Record<string, Validator>>;
}

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
  params?: RawValidator;
  responses: Record<string, RawValidator>;
  daysAhead: Record<string, readonly DaysAheadRule[]>;
}

const valid: readonly Violation[] = Object.freeze([]);

// The generated signature, `(data, {instancePath = "", ..., dynamicAnchors = {}} = {})`, builds
// two objects per call when called with one argument. Passing one frozen context skips that; the
// generator refuses schemas whose code would use it ($dynamicAnchor, $dynamicRef).
const root: RootContext = Object.freeze({ instancePath: '', dynamicAnchors: Object.freeze({}) });

const dayMs = 24 * 60 * 60 * 1000;
const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

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
      const at = Date.parse(node);
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

/** A validator over one generated function, with the extension rules of its schema. */
export function bodyValidator(raw: RawValidator, daysAhead?: readonly DaysAheadRule[]): Validator {
  const read = violationReader(raw);
  if (!daysAhead || daysAhead.length === 0) return (value) => (raw(value, root) ? valid : read());
  return (value, options) => {
    const violations = raw(value, root) ? [] : read();
    violations.push(...daysAheadViolations(value, daysAhead, options?.now ?? Date.now));
    return violations.length === 0 ? valid : violations;
  };
}

const notAnObject: readonly Violation[] = Object.freeze([
  Object.freeze({ pointer: '', property: '', rule: 'type', limit: 'object', message: 'must be an object' }),
]) as readonly Violation[];

/**
 * A validator of `{ path, query }`. A missing group counts as empty; the groups themselves are
 * handed to the generated code, which coerces their string values in place.
 */
export function paramsValidator(raw: RawValidator): Validator {
  const read = violationReader(raw);
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return notAnObject;
    const { path = {}, query = {} } = value as { path?: unknown; query?: unknown };
    return raw({ path, query }, root) ? valid : read();
  };
}

export function operationValidators(generated: GeneratedOperation): OperationValidators {
  const { operationId, method, path, body, bodyRequired, params, responses, daysAhead } = generated;
  return Object.freeze({
    operationId,
    method,
    path,
    ...(body && { body: bodyValidator(body, daysAhead.body) }),
    bodyRequired,
    ...(params && { params: paramsValidator(params) }),
    responses: Object.freeze(
      Object.fromEntries(Object.entries(responses).map(([status, raw]) => [status, bodyValidator(raw, daysAhead[status])])),
    ),
  });
}

/** A generated table as the package's API, keyed by operationId. */
export function operationTable(generated: Record<string, GeneratedOperation>): Readonly<Record<string, OperationValidators>> {
  return Object.freeze(Object.fromEntries(Object.entries(generated).map(([id, operation]) => [id, operationValidators(operation)])));
}
