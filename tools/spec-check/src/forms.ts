// Section 2.3: "the shape of delivery-attempt array elements (fields directly in the element, or
// wrapped in one key naming the attempt such as a first or last attempt, as the request samples
// show): not shown". Both forms the samples show must be accepted: the element is a `oneOf` (or
// `anyOf`) of the direct schema and an object of exactly one property, any key, whose value is the
// direct schema. Read through `$ref`s, so a bundle and a dereferenced copy are checked alike.
import type { ApiCatalog, Entry } from './catalog.js';
import { type Finding, show } from './expect.js';
import type { Locator } from './places.js';
import { keyword, readSchema } from './schema.js';
import { type DocumentView, deref, get, isBroken, isObject, type Node } from './view.js';

type FormsEntry = Extract<Entry, { kind: 'forms' }>;

/** Whether `node` is the named component schema: the same node after `$ref`s, or an inline copy of it. */
function isSchema<L>(view: DocumentView<L>, node: Node<L>, component: Node<L>): boolean {
  const a = deref(view, node);
  const b = deref(view, component);
  if (isBroken(a) || isBroken(b)) return false;
  return view.key(a.loc) === view.key(b.loc) || JSON.stringify(a.value) === JSON.stringify(b.value);
}

function componentSchema<L>(locator: Locator<L>, api: ApiCatalog, name: string): Node<L> | undefined {
  const components = get(locator.view, locator.root, 'components');
  const schemas = components && get(locator.view, components, 'schemas');
  return schemas && get(locator.view, schemas, api.schemas.get(name)?.component ?? name);
}

/** The wrapped form: an object of exactly one property, whatever its key, whose value is the direct schema. */
function wrapperFindings<L>(view: DocumentView<L>, member: Node<L>, direct: Node<L>, directName: string): Finding<L>[] {
  const schema = readSchema(view, [member]);
  const findings: Finding<L>[] = [];
  const home = schema.home.loc;
  const one = (name: 'minProperties' | 'maxProperties') => {
    const found = keyword(view, schema, name);
    if (!found.some((k) => k.value === 1)) {
      findings.push({ loc: found[0]?.loc ?? home, expected: `${name} 1 (wrapped in one key)`, found: found[0] ? `${name} ${show(found[0].value)}` : `no ${name}` });
    }
  };
  one('minProperties');
  one('maxProperties');
  const values = keyword(view, schema, 'additionalProperties');
  const value = values.find((k) => isObject(k.value));
  if (!value || !isSchema(view, { value: value.value, loc: value.loc }, direct)) {
    findings.push({ loc: value?.loc ?? home, expected: `additionalProperties ${directName} (the wrapped attempt follows the attempt's rules)`, found: value ? `additionalProperties ${show(value.value)}` : 'no additionalProperties' });
  }
  for (const name of ['properties', 'patternProperties', 'propertyNames']) {
    for (const occurrence of keyword(view, schema, name)) {
      findings.push({ loc: occurrence.loc, expected: `no ${name} (the key naming the attempt is free: its names are not shown)`, found: `${name} ${show(occurrence.value)}` });
    }
  }
  return findings;
}

export const formsRule = <L>(locator: Locator<L>, api: ApiCatalog, entry: FormsEntry): Finding<L>[] => {
  const { view } = locator;
  const direct = componentSchema(locator, api, entry.direct);
  if (!direct) return []; // the missing component is the direct schema's own entries' finding
  const findings: Finding<L>[] = [];
  for (const element of locator.schemaNodes(entry.schema).nodes) {
    const schema = readSchema(view, [element]);
    const alternatives = [...keyword(view, schema, 'oneOf'), ...keyword(view, schema, 'anyOf')].filter((k) => Array.isArray(k.value));
    if (alternatives.length !== 1) {
      findings.push({
        loc: alternatives[1]?.loc ?? schema.home.loc,
        expected: `one oneOf/anyOf: ${entry.direct}, or ${entry.direct} wrapped in one key naming the attempt (both forms the request samples show)`,
        found: alternatives.length === 0 ? (isSchema(view, element, direct) ? `only the direct form (${entry.direct})` : 'no alternatives') : 'several alternative lists',
      });
      continue;
    }
    const list = alternatives[0]!;
    const members = (list.value as unknown[]).map((value, index) => ({ value, loc: view.child(list.loc, index) }));
    const directMembers = members.filter((m) => isSchema(view, m, direct));
    const others = members.filter((m) => !directMembers.includes(m));
    if (directMembers.length !== 1 || others.length !== 1) {
      findings.push({ loc: list.loc, expected: `exactly two forms: ${entry.direct} and ${entry.direct} wrapped in one key`, found: `${members.length} alternatives, ${directMembers.length} of them ${entry.direct}` });
      continue;
    }
    findings.push(...wrapperFindings(view, others[0]!, direct, entry.direct));
  }
  return findings;
};
