// Diffs two bundles of one interface with api-smart-diff and classifies each change with our
// policy (policy.ts).
import { apiCompare, type CompareRules, type DiffType, openapi3Rules } from 'api-smart-diff';
import { inlineCallbackPathItems } from './canonical.js';
import { type Action, classify, type Flow, type JsonPath, type ValueLists } from './policy.js';

// An OpenAPI document is untyped JSON here.
export type Json = any;

export interface Change {
  /**
   * JSON pointer into the bundle as api-smart-diff sees it: `$ref`s resolved in place, a `$ref`
   * with sibling keywords as `allOf/0`; the after bundle for additions, the before one otherwise.
   */
  pointer: string;
  type: DiffType;
  action: Action;
  /** One line: what changed, and on which side of the exchange. */
  what: string;
}

// Merge metadata is stored under this key in api-smart-diff's merged document.
const metaKey = Symbol('spec-diff');

type RuleTree = Record<string, Json>;

/**
 * api-smart-diff's OpenAPI 3 rules, with callbacks (and webhooks) diffed like path items. Its own
 * rules compare a callback only by its `$ref` strings, so a change to a schema a callback
 * references (a new status value in the status callback body) was never reported at all.
 */
function rules(document: Json): CompareRules {
  const version = String(document?.openapi ?? '').startsWith('3.0') ? '3.0.x' : '3.1.x';
  // The rule tree is plain objects keyed by JSON path segments; it is built afresh per comparison
  // because its $ref compare resolver caches what it has compared.
  const tree = openapi3Rules({ version }) as RuleTree;
  const pathItem = tree['/paths']['/*'];
  pathItem['/*']['/callbacks'] = { '/*': { '/*': pathItem } };
  tree['/webhooks'] = { '/*': pathItem };
  return tree as CompareRules;
}

/** Changes outside these parts cannot break a consumer by themselves, or are reached through them. */
function inScope(path: JsonPath): boolean {
  const [top, second] = path;
  return top === 'paths' || top === 'webhooks' || top === 'security' || (top === 'components' && second === 'securitySchemes');
}

export function toPointer(path: JsonPath): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Longest value shown in a change line, in characters. */
const shownLength = 60;

/**
 * A value as a change line shows it: JSON, and a long string cut inside its quotes, closed with an
 * ellipsis and the quote (`"Customers who…"`), so no line is left with an unbalanced quote; a long
 * object or array is named by its size.
 */
export function valueText(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    if (text.length <= shownLength) return text;
    // Cut the string, not its JSON text, so an escape is never split; then quote it again.
    const cut = [...value].slice(0, shownLength - 3).join('');
    return `${JSON.stringify(cut).slice(0, -1)}…"`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) return 'nothing';
  if (text.length <= shownLength) return text;
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (value !== null && typeof value === 'object') return `an object with ${Object.keys(value).length} keys`;
  return `${text.slice(0, shownLength - 1)}…`;
}

/** How many characters a cut string shows before its first difference from the other. */
const contextLength = 20;

/** Part of a string as a change line shows it: from `start` (with a leading ellipsis past 0), cut as valueText cuts. */
function stringWindow(value: string, start: number): string {
  const chars = [...value];
  const room = shownLength - 3 - (start > 0 ? 1 : 0);
  const part = JSON.stringify(chars.slice(start, start + room).join('')).slice(1, -1);
  return `"${start > 0 ? '…' : ''}${part}${start + room < chars.length ? '…' : ''}"`;
}

/**
 * A value changed, as a change line shows it: `before -> after`. Two strings too long to show whole
 * are shown from a little before their first difference, both from the same place, so the line
 * shows what changed rather than two equal beginnings.
 */
export function changeText(before: unknown, after: unknown): string {
  const long = (value: string) => JSON.stringify(value).length > shownLength;
  if (typeof before !== 'string' || typeof after !== 'string' || (!long(before) && !long(after))) return `${valueText(before)} -> ${valueText(after)}`;
  const [a, b] = [[...before], [...after]];
  let first = 0;
  while (first < a.length && first < b.length && a[first] === b[first]) first++;
  const start = Math.max(0, first - contextLength);
  return `${stringWindow(before, start)} -> ${stringWindow(after, start)}`;
}

const flowText: Record<Flow, string> = {
  input: 'sent by the client',
  output: 'sent by the service',
};

/** Keywords that bound a value: a change to one is a change of a limit. */
const limitKeywords = new Set([
  'maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties', 'maximum', 'minimum',
  'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'maxContains', 'minContains', 'x-max-days-ahead',
]);

/** The kind of thing a keyword is, as a change line names it: `limit maxLength`, `enum value`, `example`. */
function kindOf(keyword: string, item: boolean | undefined): string {
  if (item) return keyword === 'required' ? 'required property' : keyword === 'type' ? 'type' : `${keyword} value`;
  if (limitKeywords.has(keyword)) return `limit ${keyword}`;
  return keyword;
}

/**
 * The field a schema change is in, from the path below the schema: `property "reference"`,
 * `property "message.text.body"`, `property "delivery_attempts[].timeout"` (a combinator's branch
 * adds nothing); undefined at the schema's root. `upTo` leaves out the keyword segments at the end.
 */
function fieldOf(schemaPath: JsonPath, upTo: number): string | undefined {
  const names: string[] = [];
  for (let i = 0; i < upTo; i += 1) {
    const key = String(schemaPath[i]);
    if (key === 'properties' || key === 'patternProperties') {
      if (i + 1 < upTo) names.push(String(schemaPath[i + 1]));
      i += 1;
    } else if (key === 'items' || key === 'prefixItems') {
      if (names.length > 0) names[names.length - 1] += '[]';
      else names.push('[]');
      if (key === 'prefixItems') i += 1;
    } else if (key === 'additionalProperties') {
      names.push('*');
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      i += 1;
    }
  }
  return names.length > 0 ? `property "${names.join('.').replace(/\.\[\]/g, '[]')}"` : undefined;
}

/**
 * Where in the contract a change is: `the request body of POST /message`, `the response 200 of GET
 * /messages`, `parameter "id" of GET /messages`, `the request body of webhook statusCallback`.
 */
function placeOf(path: JsonPath, nameAt: (path: JsonPath) => unknown): string | undefined {
  if (path[0] !== 'paths' && path[0] !== 'webhooks') return undefined;
  let owner = path[0] === 'paths' ? `${String(path[2] ?? '').toUpperCase()} ${String(path[1])}` : `webhook ${String(path[1])}`;
  let i = 2;
  // callbacks / <name> / <expression> / <method> / ...
  while (path[i + 1] === 'callbacks' && i + 4 < path.length) {
    owner = `callback ${String(path[i + 2])} of ${owner}`;
    i += 4;
  }
  const part = String(path[i + 1] ?? '');
  if (part === 'requestBody') return `the request body of ${owner}`;
  if (part === 'responses') {
    const status = path[i + 2];
    if (status === undefined) return `the responses of ${owner}`;
    const header = path[i + 3] === 'headers' && path[i + 4] !== undefined ? `header "${String(path[i + 4])}" of ` : '';
    return `${header}the response ${String(status)} of ${owner}`;
  }
  if (part === 'parameters' && path[i + 2] !== undefined) {
    const name = nameAt([...path.slice(0, i + 3), 'name']);
    return `parameter ${typeof name === 'string' ? `"${name}"` : String(path[i + 2])} of ${owner}`;
  }
  return path.length > i + 1 ? owner : undefined;
}

/**
 * A human line for one change: what kind of thing changed, of which field, where, and who sends it:
 * `changed limit maxLength 255 -> 100 of property "reference" in the request body of POST /message
 * (sent by the client)`; `added example value "description": "Customers…" in the request body of
 * POST /lists (sent by the client)`.
 */
function describe(
  path: JsonPath,
  action: Action,
  before: unknown,
  after: unknown,
  classified: ReturnType<typeof classify>,
  nameAt: (path: JsonPath) => unknown,
): string {
  const verb = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[action];
  const { keyword, item, member } = classified.keyword;
  const { schemaPath } = classified.location;
  const where = classified.location.flow
    ? ` (${classified.location.inCallback ? 'callback, ' : ''}${flowText[classified.location.flow]})`
    : classified.location.inCallback
      ? ' (callback)'
      : '';
  const shown = action === 'replace' ? changeText(before, after) : valueText(action === 'add' ? after : before);
  if (path[0] === 'paths' && path.length === 3) return `${verb} operation ${String(path[2]).toUpperCase()} ${String(path[1])}${where}`;
  const place = placeOf(path, nameAt);
  const exampleAt = path.findIndex((segment) => segment === 'example' || segment === 'examples');
  let subject: string;
  let field: string | undefined;
  if (classified.type === 'annotation' && exampleAt >= 0 && (schemaPath === undefined || keyword === 'example' || keyword === 'examples')) {
    // An example (a schema's, a media type's, a parameter's, a header's): say so, and which value of it.
    const inside = path.slice(exampleAt + 1).map(String);
    subject = inside.length > 0 ? `example value "${inside.join('.')}": ${shown}` : `example ${shown}`;
    if (schemaPath) field = fieldOf(schemaPath, schemaPath.length - 1 - inside.length);
  } else if (member !== undefined && schemaPath) {
    // A property added or removed: the property itself is the field.
    subject = fieldOf(schemaPath, schemaPath.length) ?? `property "${member}"`;
  } else if (keyword !== undefined && schemaPath) {
    subject = `${kindOf(keyword, item)} ${item && action !== 'replace' ? valueText(action === 'add' ? after : before) : typeof (before ?? after) === 'object' && action !== 'replace' ? '' : shown}`.trimEnd();
    field = fieldOf(schemaPath, schemaPath.length - (item ? 2 : 1));
  } else {
    const key = keyword ?? String(path[path.length - 1]);
    subject = action !== 'replace' && typeof (before ?? after) === 'object' ? key : `${key} ${shown}`;
  }
  return `${verb} ${subject}${field ? ` of ${field}` : ''}${place ? ` in ${place}` : ''}${where}`;
}

/** Reads an `enum` or `type` list, before and after, from the merged document's metadata. */
function listsReader(merged: Json): (path: JsonPath) => ValueLists | undefined {
  return (listPath) => {
    const keyword = listPath[listPath.length - 1];
    let parent: Json = merged;
    for (const key of listPath.slice(0, -1)) parent = parent?.[key];
    const list = parent?.[keyword as string];
    if (!Array.isArray(list)) return undefined;
    const meta: Record<number, { action: Action; replaced?: unknown }> = parent[metaKey]?.[keyword as string]?.array ?? {};
    const lists: ValueLists = { before: [], after: [] };
    list.forEach((value, index) => {
      const change = meta[index];
      if (change?.action !== 'add') lists.before.push(change?.action === 'replace' ? change.replaced : value);
      if (change?.action !== 'remove') lists.after.push(value);
    });
    return lists;
  };
}

/** Every change between two bundles of one interface that can matter to a consumer. */
export function diffContract(before: Json, after: Json): Change[] {
  const { diffs, merged } = apiCompare(inlineCallbackPathItems(before), inlineCallbackPathItems(after), {
    rules: rules(before),
    metaKey,
  });
  const listsAt = listsReader(merged);
  const nameAt = (at: JsonPath) => at.reduce<Json>((node, key) => node?.[key as string], merged);
  const changes: Change[] = [];
  for (const diff of diffs) {
    if (!inScope(diff.path)) continue;
    const classified = classify(diff, listsAt);
    changes.push({
      pointer: toPointer(diff.path),
      type: classified.type,
      action: diff.action,
      what: describe(diff.path, diff.action, diff.before, diff.after, classified, nameAt),
    });
  }
  return changes;
}

export const breakingOnly = (changes: Change[]) => changes.filter((change) => change.type === 'breaking');
