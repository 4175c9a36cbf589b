// A limit a description states in words must equal its keyword. The descriptions are what the docs
// site and the generated types' JSDoc show, so a `maxLength` changed without its "maximum length
// 255" would ship docs that state the old limit. Every schema of the document is read (components,
// nested schemas, request and response bodies), and every parameter and header, whose description
// speaks of its `schema`. Not from the catalogue: the description and the keyword sit side by side,
// and the catalogue holds the keyword to the spec document.
import { BOUNDS, type Bound, effectiveBound, effectiveTypes, type Finding } from './expect.js';
import { type LimitPhrase, type Measure, readLimitPhrases } from './limit-phrases.js';
import { METHODS } from './places.js';
import { readSchema, type SchemaParts } from './schema.js';
import { type DocumentView, get, isObject, isRef, type Node } from './view.js';

const KEYWORDS: Record<Measure, { min: string; max: string }> = {
  length: { min: 'minLength', max: 'maxLength' },
  items: { min: 'minItems', max: 'maxItems' },
  properties: { min: 'minProperties', max: 'maxProperties' },
  value: { min: 'minimum', max: 'maximum' },
};

const boundOf = (name: string): Bound => BOUNDS.find((b) => b.name === name) ?? { name, upper: name.startsWith('max') };

/** A keyword's place: its pointer, without the file when it is the description's file. */
function placeOf<L>(view: DocumentView<L>, keyword: L, description: L): string {
  const file = (pointer: string) => (pointer.includes('#') ? pointer.slice(0, pointer.indexOf('#')) : '');
  const pointer = view.pointer(keyword);
  const same = file(pointer) !== '' && file(pointer) === file(view.pointer(description));
  return (same ? pointer.slice(file(pointer).length) : pointer) || '(root)';
}

/** The findings of one description against the schema it describes. */
export function describedLimitFindings<L>(view: DocumentView<L>, description: Node<L>, schema: SchemaParts<L>): Finding<L>[] {
  if (typeof description.value !== 'string') return [];
  const types = effectiveTypes(view, schema);
  const integer = types !== undefined && types.length > 0 && types.every((t) => t === 'integer' || t === 'null');
  const numeric = types !== undefined && types.some((t) => t === 'integer' || t === 'number');
  const findings: Finding<L>[] = [];
  for (const phrase of readLimitPhrases(description.value)) {
    // A unit-less number ("200 to 500") bounds a value: only a numeric schema has one to compare.
    if (phrase.measure === 'value' && !numeric) continue;
    findings.push(...compare(view, description, schema, phrase, integer));
  }
  return findings;
}

function compare<L>(view: DocumentView<L>, description: Node<L>, schema: SchemaParts<L>, phrase: LimitPhrase, integer: boolean): Finding<L>[] {
  const findings: Finding<L>[] = [];
  for (const stated of phrase.bounds) {
    const name = KEYWORDS[phrase.measure][stated.bound];
    const bound = boundOf(name);
    const effective = effectiveBound(view, schema, bound, integer);
    // An absent lower bound of a length or count is 0 (README, "Bounds compare by effective value").
    const value = effective.value ?? bound.zero;
    if (value === stated.value && !effective.exclusive) continue;
    const where = effective.at && !sameHolder(view, effective.at.loc, description.loc) ? ` at ${placeOf(view, effective.at.loc, description.loc)}` : '';
    findings.push({
      loc: description.loc,
      expected: `${name} ${stated.value}, as the description says ("${phrase.text}")`,
      found: effective.at ? `${effective.at.text}${where}` : `no ${name}`,
    });
  }
  return findings;
}

/** Whether a keyword sits beside the description (then its pointer adds nothing). */
function sameHolder<L>(view: DocumentView<L>, keyword: L, description: L): boolean {
  const parent = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));
  return parent(view.pointer(keyword)) === parent(view.pointer(description));
}

type Kind = 'pathItem' | 'operation' | 'parameter' | 'requestBody' | 'response' | 'callback' | 'schema';

// The keywords of a schema whose values are schemas, one or a map or a list of them.
const ONE = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Every description of a schema, parameter or header in the document, with the schema it speaks
 * of. Each node is visited once (a shared component once, however many `$ref`s name it), with an
 * explicit stack, so the time is linear in the document and a long `$ref` chain cannot overflow.
 */
export function describedSchemas<L>(view: DocumentView<L>): Array<{ description: Node<L>; schema: Node<L> }> {
  const found: Array<{ description: Node<L>; schema: Node<L> }> = [];
  const seen = new Set<string>();
  const stack: Array<[Kind, Node<L>]> = [];
  const push = (kind: Kind, node: Node<L> | undefined) => {
    if (node && (isObject(node.value) || Array.isArray(node.value))) stack.push([kind, node]);
  };
  // Extensions (`x-`) are no paths, responses or headers; property names are taken as they are.
  const entries = (node: Node<L> | undefined, names = false): Node<L>[] =>
    node && isObject(node.value) ? Object.keys(node.value).filter((k) => names || !k.startsWith('x-')).map((k) => get(view, node, k)!) : [];
  const list = (node: Node<L> | undefined): Node<L>[] => (node && Array.isArray(node.value) ? node.value.map((_, i) => get(view, node, i)!) : []);
  const bodies = (holder: Node<L>) => {
    for (const media of entries(get(view, holder, 'content'))) push('schema', get(view, media, 'schema'));
  };

  const root = view.root;
  for (const item of entries(get(view, root, 'paths'))) push('pathItem', item);
  for (const item of entries(get(view, root, 'webhooks'))) push('pathItem', item);
  const components = get(view, root, 'components');
  const group = (name: string) => entries(components && get(view, components, name));
  for (const node of group('schemas')) push('schema', node);
  for (const node of group('parameters')) push('parameter', node);
  for (const node of group('headers')) push('parameter', node);
  for (const node of group('responses')) push('response', node);
  for (const node of group('requestBodies')) push('requestBody', node);
  for (const node of group('pathItems')) push('pathItem', node);
  for (const node of group('callbacks')) push('callback', node);

  while (stack.length > 0) {
    const [kind, node] = stack.pop()!;
    const key = `${kind} ${view.key(node.loc)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!isObject(node.value)) continue;
    if (isRef(node.value)) {
      const target = view.resolveRef(node);
      // A broken $ref is the schema reader's finding (and Redocly's), not this rule's.
      if (!('error' in target)) push(kind, target);
      // A schema's $ref siblings (a description beside it) apply alongside the target: read below.
      if (kind !== 'schema') continue;
    }
    const description = get(view, node, 'description');
    switch (kind) {
      case 'pathItem':
        for (const parameter of list(get(view, node, 'parameters'))) push('parameter', parameter);
        for (const method of METHODS) push('operation', get(view, node, method));
        break;
      case 'operation':
        for (const parameter of list(get(view, node, 'parameters'))) push('parameter', parameter);
        push('requestBody', get(view, node, 'requestBody'));
        for (const response of entries(get(view, node, 'responses'))) push('response', response);
        for (const callback of entries(get(view, node, 'callbacks'))) push('callback', callback);
        break;
      case 'callback':
        for (const item of entries(node)) push('pathItem', item);
        break;
      case 'requestBody':
        bodies(node);
        break;
      case 'response':
        for (const header of entries(get(view, node, 'headers'))) push('parameter', header);
        bodies(node);
        break;
      case 'parameter': {
        // A parameter's or header's description speaks of its schema's limits.
        const schema = get(view, node, 'schema');
        if (description && schema && isObject(schema.value)) found.push({ description, schema });
        push('schema', schema);
        bodies(node);
        break;
      }
      case 'schema':
        // `description` inside `properties` is a property's name, not a description: only a
        // schema's own `description` string is one.
        if (description && typeof description.value === 'string') found.push({ description, schema: node });
        for (const name of ONE) push('schema', get(view, node, name));
        for (const name of MAP) for (const child of entries(get(view, node, name), true)) push('schema', child);
        for (const name of LIST) for (const child of list(get(view, node, name))) push('schema', child);
        break;
    }
  }
  return found;
}

/** The rule: every described schema's stated limits against its keywords. */
export function describedLimitsRule<L>(view: DocumentView<L>): Finding<L>[] {
  return describedSchemas(view).flatMap(({ description, schema }) => describedLimitFindings(view, description, readSchema(view, [schema])));
}
