// Section 7, said on every operation (issue 13, item 4): each operation's own failure response must
// say what the document says, even where a shared component still says it. Checked on the response
// the operation itself names (its `$ref` followed): its description (D: "described as 500") and its
// body, which must be the documented error schema, not another schema or an inline look-alike.
import type { ApiCatalog, Entry } from './catalog.js';
import { type Finding, show } from './expect.js';
import type { Locator } from './places.js';
import { get, isObject, isRef, type Node } from './view.js';

type ResponsesEntry = Extract<Entry, { kind: 'responses' }>;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The response's description says the documented text. */
function describesFindings<L>(locator: Locator<L>, entry: ResponsesEntry, response: Node<L>): Finding<L>[] {
  if (entry.describes === undefined) return [];
  const description = get(locator.view, response, 'description');
  if (typeof description?.value === 'string' && description.value.includes(entry.describes)) return [];
  return [
    {
      loc: (description ?? response).loc,
      expected: `a description saying "${entry.describes}" (the document: ${entry.rule}; edit the response in specs/${entry.api}/)`,
      found: description ? `description ${show(description.value)}` : 'no description',
    },
  ];
}

/** Each body schema is the documented schema: a `$ref` to its component, or (a dereferenced document) an exact copy. */
function schemaFindings<L>(locator: Locator<L>, api: ApiCatalog, entry: ResponsesEntry, response: Node<L>): Finding<L>[] {
  if (entry.schema === undefined) return [];
  const { view } = locator;
  const componentName = api.schemas.get(entry.schema)?.component ?? entry.schema;
  const components = get(view, locator.root, 'components');
  const schemas = components && get(view, components, 'schemas');
  const component = schemas && get(view, schemas, componentName);
  if (!component) return []; // the missing component is the schema's own entries' finding
  const componentKeys = new Set([view.key(component.loc)]);
  // The component may itself be a $ref (a split source spec): its target is the schema too.
  for (let node: Node<L> = component; isRef(node.value); ) {
    const next = view.resolveRef(node);
    if ('error' in next) break;
    componentKeys.add(view.key(next.loc));
    node = next;
  }
  const wanted = `the documented ${entry.schema} (a $ref to #/components/schemas/${componentName}; the document: ${entry.rule}; edit the response in specs/${entry.api}/)`;
  const findings: Finding<L>[] = [];
  const content = get(view, response, 'content');
  for (const media of isObject(content?.value) ? Object.keys(content.value) : []) {
    const schema = get(view, get(view, content!, media)!, 'schema');
    if (!schema) continue;
    let node: Node<L> = schema;
    let same = false;
    const seen = new Set<string>();
    while (isRef(node.value) && !seen.has(view.key(node.loc))) {
      seen.add(view.key(node.loc));
      const next = view.resolveRef(node);
      if ('error' in next) break;
      if (componentKeys.has(view.key(next.loc))) same = true;
      node = next;
    }
    if (same || (!isRef(schema.value) && sameJson(schema.value, component.value))) continue;
    findings.push({
      loc: schema.loc,
      expected: wanted,
      found: isRef(schema.value) ? `a $ref to ${schema.value.$ref}` : 'an inline schema that is not the documented one',
    });
  }
  return findings;
}

export function failureStatementFindings<L>(locator: Locator<L>, entry: ResponsesEntry, response: Node<L>): Finding<L>[] {
  return [...describesFindings(locator, entry, response), ...schemaFindings(locator, locator.api, entry, response)];
}
