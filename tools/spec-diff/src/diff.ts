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

function valueText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const flowText: Record<Flow, string> = {
  input: 'sent by the client',
  output: 'sent by the service',
};

/** A human line for one change: `removed enum value "sqs" (sent by the client)`. */
function describe(path: JsonPath, action: Action, before: unknown, after: unknown, classified: ReturnType<typeof classify>): string {
  const verb = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[action];
  const { keyword, item, member } = classified.keyword;
  const where = classified.location.flow
    ? ` (${classified.location.inCallback ? 'callback, ' : ''}${flowText[classified.location.flow]})`
    : classified.location.inCallback
      ? ' (callback)'
      : '';
  let subject: string;
  if (path[0] === 'paths' && path.length === 3) {
    subject = `operation ${String(path[2]).toUpperCase()} ${String(path[1])}`;
  } else if (member !== undefined) {
    subject = `property "${member}"`;
  } else if (keyword !== undefined && item) {
    const noun = keyword === 'required' ? 'required property' : keyword === 'type' ? 'type' : `${keyword} value`;
    subject = action === 'replace' ? `${noun} ${valueText(before)} -> ${valueText(after)}` : `${noun} ${valueText(action === 'add' ? after : before)}`;
  } else {
    const key = keyword ?? String(path[path.length - 1]);
    subject =
      action === 'replace'
        ? `${key} ${valueText(before)} -> ${valueText(after)}`
        : typeof (before ?? after) === 'object'
          ? key
          : `${key} ${valueText(action === 'add' ? after : before)}`;
  }
  return `${verb} ${subject}${where}`;
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
  const changes: Change[] = [];
  for (const diff of diffs) {
    if (!inScope(diff.path)) continue;
    const classified = classify(diff, listsAt);
    changes.push({
      pointer: toPointer(diff.path),
      type: classified.type,
      action: diff.action,
      what: describe(diff.path, diff.action, diff.before, diff.after, classified),
    });
  }
  return changes;
}

export const breakingOnly = (changes: Change[]) => changes.filter((change) => change.type === 'breaking');
