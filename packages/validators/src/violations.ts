import { narrowAlternatives } from './alternatives.js';

// The repository's one violation format: what the validators of every interface, the webhooks
// receivers, the clients' opt-in validation and the sandbox report.

/** One way a value breaks its contract. */
export interface Violation {
  /**
   * JSON pointer (RFC 6901) of the offending value, relative to what was validated; `''` is the
   * value itself. For a parameter set: `/path/<name>` or `/query/<name>`.
   */
  pointer: string;
  /** The property (or array index) the pointer ends in; `''` for the value itself. */
  property: string;
  /**
   * The rule that failed: the JSON Schema keyword (`type`, `enum`, `maxLength`, `format`,
   * `required`, `minProperties`, ...) or the contract's extension (`x-max-days-ahead`).
   */
  rule: string;
  /**
   * The documented limit of that rule where it has one, read from the bundle: 20 for `maxLength`
   * 20, the pattern for `pattern`, the format name for `format`, 60 for `x-max-days-ahead`.
   */
  limit?: number | string;
  /**
   * What the value must be, in words. Letters, digits, spaces, hyphens and underscores only, so it
   * can go into C's APIError `description` (LongString, section 2.3) without escaping or echoing input.
   */
  message: string;
}

/** The part of an ajv error object that standalone code fills in when `messages: false`. */
export interface RawError {
  instancePath: string;
  schemaPath?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The second argument of a generated validator, as ajv fills it for a top-level call. */
export interface RootContext {
  readonly instancePath: '';
  readonly dynamicAnchors: Readonly<Record<string, never>>;
}

/** A generated standalone validator: ajv's calling convention. */
export interface RawValidator {
  (data: unknown, context?: RootContext): boolean;
  errors?: RawError[] | null;
}

// C's LongString and ShortString pattern (section 2.3); everything we write into an APIError obeys it.
const safeText = /^[-_ a-zA-Z0-9]+$/;

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

const typeNames: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
};

function limit(params: Record<string, unknown>): string | undefined {
  const value = params.limit;
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;
}

function phrase(keyword: string, params: Record<string, unknown>): string {
  const n = limit(params);
  switch (keyword) {
    case 'type': {
      const types = String(params.type ?? '').split(',');
      return `must be ${types.map((t) => typeNames[t] ?? 'of another type').join(' or ')}`;
    }
    case 'enum':
      return 'must be one of the documented values';
    case 'const':
      return 'must be the documented value';
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'pattern':
      return 'must match the documented pattern';
    case 'required':
      return 'is required';
    case 'maxLength':
      return n ? `must be at most ${n} characters long` : 'is too long';
    case 'minLength':
      return n ? `must be at least ${n} characters long` : 'is too short';
    case 'maxItems':
      return n ? `must have at most ${n} ${n === '1' ? 'item' : 'items'}` : 'has too many items';
    case 'minItems':
      return n ? `must have at least ${n} ${n === '1' ? 'item' : 'items'}` : 'has too few items';
    case 'maxProperties':
      return n ? `must have at most ${n} ${n === '1' ? 'property' : 'properties'}` : 'has too many properties';
    case 'minProperties':
      return n ? `must have at least ${n} ${n === '1' ? 'property' : 'properties'}` : 'has too few properties';
    case 'maximum':
      return n ? `must be at most ${n}` : 'is above the documented maximum';
    case 'minimum':
      return n ? `must be at least ${n}` : 'is below the documented minimum';
    case 'exclusiveMaximum':
      return n ? `must be less than ${n}` : 'is above the documented maximum';
    case 'exclusiveMinimum':
      return n ? `must be greater than ${n}` : 'is below the documented minimum';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not an allowed property';
    default:
      return `fails the ${keyword} rule`;
  }
}

/** The pointer of an ajv error: the value's path, or the named property's for `required` and the like. */
function pointerOf({ instancePath, keyword, params }: RawError): string {
  let pointer = instancePath;
  if (keyword === 'required' && typeof params.missingProperty === 'string') {
    pointer = `${instancePath}/${escapeToken(params.missingProperty)}`;
  } else if (
    (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') &&
    typeof params.additionalProperty === 'string'
  ) {
    pointer = `${instancePath}/${escapeToken(params.additionalProperty)}`;
  } else if (keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
    pointer = `${instancePath}/${escapeToken(params.unevaluatedProperty)}`;
  }
  return pointer;
}

function messageOf({ keyword, params }: RawError): string {
  const message = phrase(keyword, params);
  // A schema keyword or format name outside C's pattern would break the error body; fall back.
  return safeText.test(message) ? message : 'fails a documented rule';
}

/** The schema-fixed limit an ajv error reports, by keyword. */
function limitOf({ keyword, params }: RawError): number | string | undefined {
  switch (keyword) {
    case 'pattern':
      return typeof params.pattern === 'string' ? params.pattern : undefined;
    case 'format':
      return typeof params.format === 'string' ? params.format : undefined;
    default: {
      const value = params.limit;
      return typeof value === 'number' || typeof value === 'string' ? value : undefined;
    }
  }
}

/** The last reference token of a pointer, unescaped. */
export function propertyOf(pointer: string): string {
  const slash = pointer.lastIndexOf('/');
  return slash < 0 ? '' : pointer.slice(slash + 1).replace(/~1/g, '/').replace(/~0/g, '~');
}

function violation(error: RawError, message: string): Violation {
  const pointer = pointerOf(error);
  const limit = limitOf(error);
  return { pointer, property: propertyOf(pointer), rule: error.keyword, ...(limit !== undefined && { limit }), message };
}

/** Turns one ajv error into a violation. */
export function toViolation(error: RawError): Violation {
  return violation(error, messageOf(error));
}

/**
 * Reads a generated validator's errors as violations. A message depends only on the keyword and
 * the one schema-fixed param it words (limit, type or format), so it is worded once per such pair;
 * values that fail in bulk (a sender bug, a flood) then cost little more to refuse than to accept.
 * (Not by schemaPath: that is relative to each compiled schema, so two `$ref`ed schemas share one.)
 */
export function violationReader(validate: RawValidator): () => Violation[] {
  const messages = new Map<string, Map<unknown, string>>();
  return () => {
    const errors = validate.errors && narrowAlternatives(validate.errors);
    if (!errors || errors.length === 0) {
      // A validator that returned false always sets errors; guard anyway so callers get a reason.
      return [{ pointer: '', property: '', rule: 'schema', message: 'does not match the schema' }];
    }
    const violations: Violation[] = [];
    for (const error of errors) {
      const { keyword, params } = error;
      const worded = params.limit ?? params.type ?? params.format;
      let byParam = messages.get(keyword);
      if (byParam === undefined) messages.set(keyword, (byParam = new Map()));
      let message = byParam.get(worded);
      if (message === undefined) {
        message = messageOf(error);
        byParam.set(worded, message);
      }
      violations.push(violation(error, message));
    }
    return violations;
  };
}

/** Unescaped reference tokens of a JSON pointer. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `true` when text fits C's LongString/ShortString pattern (section 2.3). */
export const isSafeText = (text: string) => safeText.test(text);
