// Our breaking-change policy, applied on top of api-smart-diff's classification.
//
// api-smart-diff finds the changes (resolving $refs and allOf, matching paths, parameters and
// media types) and classifies them from the client's side. On our OpenAPI 3.1 bundles it gets
// several schema cases wrong, all of them checked by diff.test.ts:
//   - a type change in a response (string -> integer) is "non-breaking";
//   - 3.1 type arrays are read backwards: widening a request field to ["string", "null"] is
//     "breaking", widening a response field is "non-breaking";
//   - adding an `enum` to a free request string is "non-breaking", dropping an `enum` from a
//     response is "non-breaking";
//   - removing a response property is "non-breaking" (our policy says breaking, below);
//   - nothing inside a callback is classified ("unclassified").
// So every change to a constraint keyword is re-classified here by one rule: does it narrow or
// widen the set of valid values, and who produces those values?
//
//   input  (the consumer writes it, the service reads it: request parameters and bodies, and the
//           consumer's answers to callbacks): narrowing is breaking, widening is not.
//   output (the service writes it, the consumer reads it: responses, response headers, and the
//           requests the service sends to callbacks): widening is breaking, narrowing is not.
//
// Consequences worth stating:
//   - Enums: removing a value from a request enum is breaking; removing one from a response enum
//     is not (a client never sees the value again and its handling of it is dead code); adding a
//     value to a response enum is breaking (a client switching over the known values meets one it
//     does not know). The same holds for the body of a status callback.
//   - A new required request field is breaking; a field of a response that stops being required
//     is breaking.
//   - Removing a response property is breaking: a client reading a documented field loses it,
//     even though the schema (without additionalProperties: false) still allows it. Removing a
//     request property is not: the service stops reading a field clients may still send.
//   - Adding an optional property is never breaking, in either direction.
//   - Inside callbacks, any other change is classified conservatively: additions are not
//     breaking, removals and replacements are.
import type { DiffType } from 'api-smart-diff';

export type JsonPath = ReadonlyArray<string | number>;
export type Action = 'add' | 'remove' | 'replace' | 'rename';

/** Who writes the values a change is about (see the header comment). */
export type Flow = 'input' | 'output';

export interface Location {
  /** Undefined outside request and response parts (an operation added or removed, security). */
  flow?: Flow;
  /** Inside an operation's callbacks, or a webhook: the service is the client there. */
  inCallback: boolean;
  /** The path below the schema the change is in, when it is in a schema. */
  schemaPath?: JsonPath;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Where a change sits in the document: request or response side, callback or not, schema or not. */
export function locate(path: JsonPath): Location {
  // A webhook is a request the service sends, like a callback.
  let callbackDepth = path[0] === 'webhooks' ? 1 : 0;
  if (path[0] !== 'paths' && path[0] !== 'webhooks') return { inCallback: false };
  let section: 'request' | 'response' | undefined;
  let sectionAt = -1;
  // path[1] is the path template (or webhook name), path[2] the method.
  let i = 2;
  while (i < path.length && methods.has(String(path[i]))) {
    const key = path[i + 1];
    if (key === 'callbacks') {
      // callbacks / <name> / <expression> / <method> / ...
      callbackDepth += 1;
      i += 4;
      continue;
    }
    if (key === 'parameters' || key === 'requestBody') section = 'request';
    if (key === 'responses') section = 'response';
    sectionAt = i + 1;
    break;
  }
  const inCallback = callbackDepth > 0;
  if (!section) return { inCallback };
  // Roles swap once per callback level: a callback's request is written by the service.
  const swapped = callbackDepth % 2 === 1;
  const flow: Flow = (section === 'request') !== swapped ? 'input' : 'output';
  const schemaAt = path.indexOf('schema', sectionAt);
  return schemaAt < 0 ? { flow, inCallback } : { flow, inCallback, schemaPath: path.slice(schemaAt + 1) };
}

/** Keywords whose value is one subschema. */
const subschema = new Set([
  'items',
  'not',
  'additionalProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
/** Keywords whose value is a list of subschemas. */
const subschemaList = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
const subschemaMap = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export interface KeywordChange {
  /** The JSON Schema keyword changed, e.g. `maxLength`, `enum`, `properties`. */
  keyword?: string;
  /** For array-valued keywords: the item (enum value, required name, type) added or removed. */
  item?: boolean;
  /** For `properties`: the property added or removed. */
  member?: string;
}

/** Finds the keyword a change below a schema is about, skipping nested subschemas. */
export function keywordOf(schemaPath: JsonPath): KeywordChange {
  let i = 0;
  while (i < schemaPath.length) {
    const key = String(schemaPath[i]);
    const rest = schemaPath.length - i - 1;
    if (rest === 0) return { keyword: key };
    if (subschema.has(key)) {
      i += 1;
    } else if (subschemaList.has(key)) {
      if (rest === 1) return { keyword: key, item: true };
      i += 2;
    } else if (subschemaMap.has(key)) {
      if (rest === 1) return { keyword: key, member: String(schemaPath[i + 1]) };
      i += 2;
    } else {
      // A keyword with an array value: enum/2, required/0, type/1.
      return { keyword: key, item: true };
    }
  }
  return {};
}

/** How a change moves the set of valid values. */
export type Effect = 'narrows' | 'widens' | 'changes' | 'adds-property' | 'removes-property';

const upperBounds = new Set(['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum', 'maxContains']);
const lowerBounds = new Set(['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum', 'minContains']);
const restrictions = new Set(['pattern', 'format', 'multipleOf', 'const', 'contentMediaType', 'contentEncoding']);

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Compares two value lists as sets: `after` is a subset (narrows), a superset (widens), or neither. */
function compareSets(before: unknown[], after: unknown[], covers = (set: unknown[], v: unknown) => set.some((s) => same(s, v))): Effect | undefined {
  const widens = before.every((v) => covers(after, v));
  const narrows = after.every((v) => covers(before, v));
  if (widens && narrows) return undefined;
  if (widens) return 'widens';
  if (narrows) return 'narrows';
  return 'changes';
}

/** An `enum` or `type` list before and after a change; an empty list means the keyword is absent. */
export interface ValueLists {
  before: unknown[];
  after: unknown[];
}

/** Like compareSets, where an empty list is an absent keyword: no constraint at all. */
function compareLists(before: unknown[], after: unknown[], covers?: (set: unknown[], v: unknown) => boolean): Effect | undefined {
  if (before.length === 0 && after.length === 0) return undefined;
  if (before.length === 0) return 'narrows';
  if (after.length === 0) return 'widens';
  return compareSets(before, after, covers);
}

// `integer` is a subset of `number`: number -> integer narrows, integer -> number widens.
const typeCovers = (types: unknown[], type: unknown) => types.includes(type) || (type === 'integer' && types.includes('number'));

/** The effect of one change to a schema keyword, or undefined where api-smart-diff's class stands. */
export function effectOf(
  action: Action,
  change: KeywordChange,
  before: unknown,
  after: unknown,
  lists?: ValueLists,
): Effect | undefined {
  const { keyword, item, member } = change;
  if (keyword === undefined || action === 'rename') return undefined;
  if (member !== undefined) {
    if (keyword !== 'properties') return undefined;
    return action === 'add' ? 'adds-property' : action === 'remove' ? 'removes-property' : undefined;
  }
  if (keyword === 'enum' || keyword === 'type') {
    const covers = keyword === 'type' ? typeCovers : undefined;
    // api-smart-diff reports a whole `enum` or `type` list added or removed as its values added or
    // removed one by one, so a single value is judged against the complete lists (see ValueLists).
    if (item && lists) return compareLists(lists.before, lists.after, covers);
    if (item) return action === 'add' ? 'widens' : action === 'remove' ? 'narrows' : compareSets([before], [after], covers);
    if (action === 'add') return 'narrows';
    if (action === 'remove') return 'widens';
    return compareLists(asList(before), asList(after), covers);
  }
  if (keyword === 'required') {
    // More required names means fewer valid instances.
    if (item) return action === 'add' ? 'narrows' : action === 'remove' ? 'widens' : 'changes';
    if (action === 'add') return 'narrows';
    if (action === 'remove') return 'widens';
    const effect = compareSets(asList(before), asList(after));
    return effect === 'widens' ? 'narrows' : effect === 'narrows' ? 'widens' : effect;
  }
  const bound = upperBounds.has(keyword) ? 1 : lowerBounds.has(keyword) ? -1 : 0;
  if (bound !== 0) {
    if (action === 'add') return 'narrows';
    if (action === 'remove') return 'widens';
    // 3.0's boolean exclusiveMaximum/Minimum lands here too: no order, so "changes".
    if (typeof before !== 'number' || typeof after !== 'number') return 'changes';
    if (before === after) return undefined;
    return (after - before) * bound < 0 ? 'narrows' : 'widens';
  }
  if (restrictions.has(keyword)) {
    if (action === 'add') return 'narrows';
    if (action === 'remove') return 'widens';
    return 'changes';
  }
  if (keyword === 'uniqueItems') return after === true ? 'narrows' : 'widens';
  return undefined;
}

/** The policy's verdict for an effect in a flow. */
export function verdict(effect: Effect, flow: Flow): DiffType {
  switch (effect) {
    case 'adds-property':
      return 'non-breaking';
    case 'removes-property':
      return flow === 'output' ? 'breaking' : 'non-breaking';
    case 'changes':
      return 'breaking';
    case 'narrows':
      return flow === 'input' ? 'breaking' : 'non-breaking';
    case 'widens':
      return flow === 'output' ? 'breaking' : 'non-breaking';
  }
}

export interface Classified {
  type: DiffType;
  location: Location;
  keyword: KeywordChange;
  effect?: Effect;
}

const exampleKeywords = new Set(['example', 'examples']);

/**
 * Whether a change is to an example: a schema's `example`/`examples` keyword (not a property of
 * that name), or a media type's, a parameter's or a header's. An example shows a reader a value
 * and makes no value valid or invalid, so changing one is documentation, like a description,
 * wherever it is (callbacks included). api-smart-diff leaves a media type's example unclassified,
 * which the gate would take as breaking.
 */
export function isExampleChange(path: JsonPath, location: Location, keyword: KeywordChange): boolean {
  if (location.schemaPath) return keyword.keyword !== undefined && exampleKeywords.has(keyword.keyword);
  // .../content/<media type>/example, .../parameters/<i>/example, .../headers/<name>/example
  return path.some((segment, i) => exampleKeywords.has(String(segment)) && ['content', 'parameters', 'headers'].includes(String(path[i - 2])));
}

/** Re-classifies one api-smart-diff change under our policy. */
export function classify(
  diff: { path: JsonPath; action: Action; type: DiffType; before?: unknown; after?: unknown },
  listsAt: (path: JsonPath) => ValueLists | undefined = () => undefined,
): Classified {
  const location = locate(diff.path);
  const keyword = location.schemaPath ? keywordOf(location.schemaPath) : {};
  if (isExampleChange(diff.path, location, keyword)) return { type: 'annotation', location, keyword };
  const lists = keyword.item ? listsAt(diff.path.slice(0, -1)) : undefined;
  const effect =
    location.flow && location.schemaPath ? effectOf(diff.action, keyword, diff.before, diff.after, lists) : undefined;
  if (effect && location.flow) return { type: verdict(effect, location.flow), location, keyword, effect };
  if (location.inCallback && diff.type !== 'annotation' && diff.type !== 'deprecated') {
    return { type: diff.action === 'add' ? 'non-breaking' : 'breaking', location, keyword };
  }
  return { type: diff.type, location, keyword };
}
