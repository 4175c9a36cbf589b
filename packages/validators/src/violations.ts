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
   * What the value must be, in words, naming the rule's value from the bundle (`must match
   * ^[-_ a-zA-Z0-9]+$ (...)`, `must be at most 255 characters long`, `must be one of "text",
   * "media", "template"`). One line; it never echoes the input. It may hold any character a
   * pattern or an enum value holds, so whoever writes it into C's LongString (an APIError
   * `description`, section 2.3) must keep to that pattern there.
   */
  message: string;
}

/** How many violations a validator lists by default; `ValidateOptions.maxViolations` changes it. */
export const defaultMaxViolations = 100;

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

// C's LongString and ShortString pattern (section 2.3).
const safeText = /^[-_ a-zA-Z0-9]+$/;

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

// "finite": the type check refuses ±Infinity and NaN too (scripts/generate.ts, strictNumbers), which
// JSON.parse gives for 1e400; "must be an integer" alone would puzzle whoever sent that.
const typeNames: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a finite number',
  integer: 'a finite integer',
  boolean: 'a boolean',
  null: 'null',
};

function limit(params: Record<string, unknown>): string | undefined {
  const value = params.limit;
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;
}

/** Values of an enum as JSON, at most 20 of them (the bundles' enums are short). */
function listed(values: unknown): string {
  if (!Array.isArray(values)) return 'the documented values';
  const shown = values.slice(0, 20).map((value) => JSON.stringify(value) ?? String(value));
  return `${shown.join(', ')}${values.length > 20 ? `, and ${values.length - 20} more` : ''}`;
}

/** Words for the character ranges of a class: `a-zA-Z` letters, `0-9` digits. */
const rangeWords: Record<string, string> = { 'a-z': 'lower-case letters', 'A-Z': 'capital letters', '0-9': 'digits' };

/**
 * What a pattern allows, in words, when it is one whole-string run of a character class of plain
 * letters, digits and listed characters (`^[-_ a-zA-Z0-9]+$`, C's LongString and ShortString,
 * section 2.3): `letters, digits, space, - and _ only: no punctuation`. Read from the pattern, so
 * it holds for any such field. `undefined` for any other pattern, which is given as it is.
 */
export function describeCharacterClass(pattern: string): string | undefined {
  const match = /^\^\[([^\]\\^][^\]\\]*)\][+*]\$$/.exec(pattern);
  if (!match) return undefined;
  const body = match[1]!;
  const ranges = new Set<string>();
  const listedChars: string[] = [];
  let space = false;
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const range = body.slice(i, i + 3);
      if (!(range in rangeWords)) return undefined;
      ranges.add(range);
      i += 2;
    } else if (body[i] === ' ') space = true;
    else if (body[i] === '-' || body[i] === '_') listedChars.push(body[i]!);
    else return undefined; // a single letter, an escape or punctuation: given as the pattern alone
  }
  const words = [
    ...(ranges.has('a-z') && ranges.has('A-Z') ? ['letters'] : [...ranges].filter((r) => r !== '0-9').map((r) => rangeWords[r]!)),
    ...(ranges.has('0-9') ? ['digits'] : []),
    ...(space ? ['space'] : []),
    ...listedChars,
  ];
  const text = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
  return `${text} only: no punctuation`;
}

function patternPhrase(pattern: unknown): string {
  if (typeof pattern !== 'string') return 'must match the documented pattern';
  const words = describeCharacterClass(pattern);
  return words === undefined ? `must match ${pattern}` : `must match ${pattern} (${words})`;
}

function phrase(keyword: string, params: Record<string, unknown>): string {
  const n = limit(params);
  switch (keyword) {
    case 'type': {
      const types = String(params.type ?? '').split(',');
      return `must be ${types.map((t) => typeNames[t] ?? 'of another type').join(' or ')}`;
    }
    case 'enum':
      return `must be one of ${listed(params.allowedValues)}`;
    case 'const':
      return 'allowedValue' in params ? `must be ${JSON.stringify(params.allowedValue) ?? 'the documented value'}` : 'must be the documented value';
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'pattern':
      return patternPhrase(params.pattern);
    case 'required':
      return 'is required';
    case 'maxLength':
      return n ? `must be at most ${n} ${n === '1' ? 'character' : 'characters'} long` : 'is too long';
    case 'minLength':
      return n ? `must be at least ${n} ${n === '1' ? 'character' : 'characters'} long` : 'is too short';
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
    // The alternatives' own violations are listed beside this one (narrowed in alternatives.ts
    // where one alternative plainly went furthest): this line says how they combine.
    case 'anyOf':
      return 'must match at least one of the documented alternatives (anyOf); the violations of each alternative are listed';
    case 'oneOf':
      return Array.isArray(params.passingSchemas)
        ? 'must match exactly one of the documented alternatives (oneOf), and matches more than one'
        : 'must match exactly one of the documented alternatives (oneOf); the violations of each alternative are listed';
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

// One line: a value from the bundle with a line break in it would split a log line.
const messageOf = ({ keyword, params }: RawError): string => phrase(keyword, params).replace(/[\r\n\u2028\u2029]+/g, ' ');

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

/** The note that ends a list cut at `max`: how many more were found. */
export function moreViolations(more: number, max: number): Violation {
  return {
    pointer: '',
    property: '',
    rule: 'maxViolations',
    limit: max,
    message: `and ${more} more ${more === 1 ? 'violation' : 'violations'}, not listed (at most ${max} are)`,
  };
}

/**
 * At most `max` of `violations` (changed in place), then, when `more` are left out, one note
 * saying how many (rule `maxViolations`, limit `max`).
 */
export function bounded(violations: Violation[], max: number, more = 0): Violation[] {
  const left = Math.max(0, violations.length - max) + more;
  if (left === 0) return violations;
  if (violations.length > max) violations.length = max;
  violations.push(moreViolations(left, max));
  return violations;
}

/** `maxViolations` as given, else the default; anything but a whole number from 1 up reads as the default. */
export const maxOf = (max: number | undefined): number => (max !== undefined && Number.isSafeInteger(max) && max >= 1 ? max : defaultMaxViolations);

/**
 * Reads a generated validator's errors as violations: the first `max` (how many more there were is
 * `validate.errors.length - max`), each worded once. A
 * message depends only on the keyword and the one schema-fixed param it words (limit, type,
 * format, pattern or enum values), so it is worded once per such pair; values that fail in bulk (a
 * sender bug, a flood) then cost little more to refuse than to accept. (Not by schemaPath: that is
 * relative to each compiled schema, so two `$ref`ed schemas share one.)
 */
export function violationReader(validate: RawValidator): (max?: number) => Violation[] {
  const messages = new Map<string, Map<unknown, string>>();
  return (max = defaultMaxViolations) => {
    const errors = validate.errors && narrowAlternatives(validate.errors);
    if (!errors || errors.length === 0) {
      // A validator that returned false always sets errors; guard anyway so callers get a reason.
      return [{ pointer: '', property: '', rule: 'schema', message: 'does not match the schema' }];
    }
    const violations: Violation[] = [];
    const count = Math.min(errors.length, max);
    for (let i = 0; i < count; i++) {
      const error = errors[i]!;
      const { keyword, params } = error;
      const worded = params.limit ?? params.type ?? params.format ?? params.pattern ?? params.allowedValues ?? params.allowedValue;
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

/**
 * Text made to fit C's LongString (section 2.3), for an APIError `description`: each run of
 * characters outside `[-_ a-zA-Z0-9]` becomes one space, cut to `maxLength` (LongString: 10000).
 * `must be one of "text", "media"` becomes `must be one of text media`.
 */
export function toSafeText(text: string, maxLength = 10_000): string {
  return text.replace(/[^-_ a-zA-Z0-9]+/g, ' ').replace(/ {2,}/g, ' ').trim().slice(0, maxLength).trim() || 'invalid';
}
