// Reads what a schema says whatever its layout: a `$ref` (with sibling keywords, which OpenAPI 3.1
// applies alongside the target), `allOf` members, or everything inline. The keywords of all those
// parts apply together, so the rules read them together.
import { maxSchemaNesting, NestingTooDeep } from './limits.js';
import { type Broken, type DocumentView, deref, get, isBroken, isObject, isRef, type Node } from './view.js';

export interface SchemaParts<L> {
  /** Where a missing keyword belongs: the first schema after its `$ref` chain. */
  home: Node<L>;
  /** Every object whose keywords apply. */
  parts: Node<L>[];
  broken: Broken<L>[];
}

export interface Keyword<L> {
  value: unknown;
  loc: L;
}

export function readSchema<L>(view: DocumentView<L>, nodes: Node<L>[]): SchemaParts<L> {
  const parts: Node<L>[] = [];
  const broken: Broken<L>[] = [];
  const seen = new Set<string>();
  const expand = (node: Node<L>, depth: number) => {
    // Each $ref or allOf step is one level; a hostile chain must not exhaust the stack.
    if (depth > maxSchemaNesting) {
      throw new NestingTooDeep(`schema at ${view.pointer(node.loc) || '(root)'} is nested deeper than ${maxSchemaNesting} $ref/allOf levels (spec-check's limit)`);
    }
    const key = view.key(node.loc);
    if (seen.has(key)) return;
    seen.add(key);
    if (!isObject(node.value)) return;
    parts.push(node);
    if (isRef(node.value)) {
      const target = view.resolveRef(node);
      if ('error' in target) broken.push({ loc: node.loc, error: target.error });
      else expand(target, depth + 1);
    }
    const allOf = get(view, node, 'allOf');
    if (Array.isArray(allOf?.value)) {
      allOf.value.forEach((_, index) => expand(get(view, allOf, index)!, depth + 1));
    }
  };
  for (const node of nodes) expand(node, 0);
  const first = nodes[0]!;
  const resolved = deref(view, first);
  return { home: isBroken(resolved) ? first : resolved, parts, broken };
}

/** Every occurrence of a keyword in the parts (never `$ref` itself). */
export function keyword<L>(view: DocumentView<L>, schema: SchemaParts<L>, name: string): Keyword<L>[] {
  const found: Keyword<L>[] = [];
  for (const part of schema.parts) {
    const value = part.value as Record<string, unknown>;
    if (Object.hasOwn(value, name)) found.push({ value: value[name], loc: view.child(part.loc, name) });
  }
  return found;
}

export function properties<L>(view: DocumentView<L>, schema: SchemaParts<L>): Map<string, Node<L>[]> {
  const found = new Map<string, Node<L>[]>();
  for (const part of schema.parts) {
    const holder = get(view, part, 'properties');
    if (!holder || !isObject(holder.value)) continue;
    for (const name of Object.keys(holder.value)) {
      found.set(name, [...(found.get(name) ?? []), get(view, holder, name)!]);
    }
  }
  return found;
}

/** Where a property would be added: the first `properties` map, else the schema itself. */
export function propertiesLoc<L>(view: DocumentView<L>, schema: SchemaParts<L>): L {
  for (const part of [schema.home, ...schema.parts]) {
    const holder = get(view, part, 'properties');
    if (holder && isObject(holder.value)) return holder.loc;
  }
  return schema.home.loc;
}

export function requiredNames<L>(view: DocumentView<L>, schema: SchemaParts<L>): Map<string, L> {
  const found = new Map<string, L>();
  for (const occurrence of keyword(view, schema, 'required')) {
    if (!Array.isArray(occurrence.value)) continue;
    occurrence.value.forEach((name, index) => {
      if (typeof name === 'string' && !found.has(name)) found.set(name, view.child(occurrence.loc, index));
    });
  }
  return found;
}

export function items<L>(view: DocumentView<L>, schema: SchemaParts<L>): Node<L>[] {
  return schema.parts.flatMap((part) => {
    const node = get(view, part, 'items');
    return node && isObject(node.value) ? [node] : [];
  });
}

/** The nodes of one property of a schema (several when `allOf` members each declare it). */
export function propertyNodes<L>(view: DocumentView<L>, nodes: Node<L>[], name: string): Node<L>[] {
  return properties(view, readSchema(view, nodes)).get(name) ?? [];
}

export function itemNodes<L>(view: DocumentView<L>, nodes: Node<L>[]): Node<L>[] {
  return items(view, readSchema(view, nodes));
}

/** Member `index` of the schema's `oneOf` or `anyOf` lists. */
export function alternativeNodes<L>(view: DocumentView<L>, nodes: Node<L>[], index: number): Node<L>[] {
  const schema = readSchema(view, nodes);
  return [...keyword(view, schema, 'oneOf'), ...keyword(view, schema, 'anyOf')].flatMap((list) => {
    if (!Array.isArray(list.value) || index >= list.value.length || !isObject(list.value[index])) return [];
    return [{ value: list.value[index], loc: view.child(list.loc, index) }];
  });
}

/** A keyword's value where it is a schema object (`additionalProperties: {...}`). */
export function keywordNodes<L>(view: DocumentView<L>, nodes: Node<L>[], name: string): Node<L>[] {
  return keyword(view, readSchema(view, nodes), name)
    .filter((k) => isObject(k.value))
    .map((k) => ({ value: k.value, loc: k.loc }));
}
