// "Not shown" statements that are about more than schema keywords: the callbacks' security
// (section 5), examples that would state what is not shown (sections 2, 3, 7), the trigger of an
// event (section 6) and the meaning of a field. Each reads the document as it is, bundled or
// dereferenced; spec-check's open entries dispatch here (rules.ts).
import type { Entry, Place, SchemaCheck } from './catalog.js';
import { type Finding, show } from './expect.js';
import type { Locator } from './places.js';
import { propertyNodes } from './schema.js';
import { follow, get, isObject, type Node } from './view.js';

type OpenEntry = Extract<Entry, { kind: 'open' }>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function entriesOf<L>(locator: Locator<L>, node: Node<L> | undefined): Array<[string, Node<L>]> {
  if (!node || !isObject(node.value)) return [];
  return Object.keys(node.value).map((key) => [key, get(locator.view, node, key)!]);
}

/** The path items the service sends (webhooks, operation callbacks), with the name they go by. */
export function callbackPathItems<L>(locator: Locator<L>): Array<{ name: string; item: Node<L> }> {
  const { view } = locator;
  const found: Array<{ name: string; item: Node<L> }> = [];
  for (const [name, raw] of entriesOf(locator, get(view, locator.root, 'webhooks'))) {
    const item = follow(view, raw);
    if (item) found.push({ name, item });
  }
  for (const [key, raw] of entriesOf(locator, get(view, locator.root, 'paths'))) {
    const pathItem = key.startsWith('/') ? follow(view, raw) : undefined;
    for (const method of METHODS) {
      const operation = pathItem && get(view, pathItem, method);
      for (const [name, callback] of entriesOf(locator, operation && get(view, operation, 'callbacks'))) {
        for (const [expression, item] of entriesOf(locator, follow(view, callback))) {
          const followed = expression.startsWith('x-') ? undefined : follow(view, item);
          if (followed) found.push({ name, item: followed });
        }
      }
    }
  }
  return found;
}

const operationsOf = <L>(locator: Locator<L>, item: Node<L>) =>
  METHODS.flatMap((method) => {
    const operation = get(locator.view, item, method);
    return operation && isObject(operation.value) ? [operation] : [];
  });

/** Section 5: no callback operation carries a security requirement, of its own or inherited from the document's. */
function callbackSecurity<L>(locator: Locator<L>): Finding<L>[] {
  const { view } = locator;
  const inherited = get(view, locator.root, 'security');
  const findings: Finding<L>[] = [];
  const asks = (value: unknown) => Array.isArray(value) && value.some((r) => isObject(r) && Object.keys(r).length > 0);
  for (const { name, item } of callbackPathItems(locator)) {
    for (const operation of operationsOf(locator, item)) {
      const own = get(view, operation, 'security');
      // OpenAPI: an operation without `security` takes the document's top-level requirement.
      const effective = own ?? inherited;
      // Its answers speak of the receiver, not of the client's key (C's shared 401 says "a missing API key").
      for (const [status, raw] of entriesOf(locator, get(view, operation, 'responses'))) {
        const description = get(view, follow(view, raw) ?? raw, 'description');
        if (typeof description?.value === 'string' && /\bAPI key\b/i.test(description.value)) {
          findings.push({ loc: description.loc, expected: `callback ${name}'s ${status} answer described for the receiver (not the client's API key)`, found: `description ${show(description.value)}` });
        }
      }
      if (!asks(effective?.value)) continue;
      findings.push({
        loc: (own ?? operation).loc,
        expected: `no security requirement on callback ${name}: \`security: []\` (how the service authenticates itself to the receiver is not shown)`,
        found: own ? `security ${show(own.value)}` : `no security of its own, so the document's ${show(inherited?.value)} applies`,
      });
    }
  }
  return findings;
}

/**
 * The nodes whose `content` holds a place's examples: a response, or a request body (an
 * operation's, a request body component, or a callback's: the body the service sends, whose values
 * the document may not show either), located at the body, not its schema.
 */
export function exampleHolders<L>(locator: Locator<L>, place: Place) {
  const requestBody = place.requestBody === true || place.requestBodyComponent !== undefined;
  return locator.locate(place, requestBody ? 'operation' : 'response');
}

/** An example at a response or request body that would show what is not shown is a named example labelled illustrative. */
function illustrativeExamples<L>(locator: Locator<L>, at: Place[]): Finding<L>[] {
  const { view } = locator;
  const findings: Finding<L>[] = [];
  for (const place of at) {
    const located = exampleHolders(locator, place);
    findings.push(...located.missing);
    for (const holder of located.nodes) {
      for (const [media, node] of entriesOf(locator, get(view, holder, 'content'))) {
        const example = get(view, node, 'example');
        if (example) {
          findings.push({ loc: example.loc, expected: `a named example (\`examples\`) whose summary labels it illustrative (${media})`, found: 'an unlabelled example' });
        }
        for (const [name, raw] of entriesOf(locator, get(view, node, 'examples'))) {
          const named = follow(view, raw);
          const summary = named && get(view, named, 'summary');
          if (typeof summary?.value === 'string' && /\billustrative\b/i.test(summary.value)) continue;
          findings.push({ loc: (summary ?? named ?? raw).loc, expected: `example ${name} labelled illustrative in its summary`, found: summary ? `summary ${show(summary.value)}` : 'no summary' });
        }
      }
    }
  }
  return findings;
}

/** Section 6 gives a trigger without naming an operation: the event's texts name no operation of the interface either. */
function trigger<L>(locator: Locator<L>, events: string[]): Finding<L>[] {
  const { view } = locator;
  const ids = new Set<string>();
  for (const [key, raw] of entriesOf(locator, get(view, locator.root, 'paths'))) {
    const pathItem = key.startsWith('/') ? follow(view, raw) : undefined;
    for (const operation of pathItem ? operationsOf(locator, pathItem) : []) {
      const id = get(view, operation, 'operationId')?.value;
      if (typeof id === 'string') ids.add(id);
    }
  }
  const findings: Finding<L>[] = [];
  for (const { name, item } of callbackPathItems(locator)) {
    if (!events.some((word) => name.toLowerCase().includes(word.toLowerCase()))) continue;
    for (const holder of [item, ...operationsOf(locator, item)]) {
      for (const field of ['summary', 'description']) {
        const text = get(view, holder, field);
        if (typeof text?.value !== 'string') continue;
        const named = [...ids].find((id) => new RegExp(`\\b${id}\\b`).test(text.value as string));
        if (named) {
          findings.push({ loc: text.loc, expected: `a ${field} of ${name} that names no operation as its trigger (section 6 names none)`, found: `names ${named}` });
        }
      }
    }
  }
  return findings;
}

/** The field's description says its meaning is not shown. */
function meaning<L>(locator: Locator<L>, checks: SchemaCheck[]): Finding<L>[] {
  const { view } = locator;
  const findings: Finding<L>[] = [];
  for (const check of checks) {
    for (const holder of locator.schemaNodes(check.schema!).nodes) {
      for (const property of propertyNodes(view, [holder], check.property!)) {
        const description = get(view, property, 'description');
        const text = typeof description?.value === 'string' ? description.value : '';
        if (/\bmeaning\b[^.]*\bnot shown in the spec document\b/i.test(text)) continue;
        findings.push({
          loc: (description ?? property).loc,
          expected: `a description of ${check.schema}.${check.property} saying its meaning is not shown in the spec document (and giving it none)`,
          found: description ? `description ${show(text)}` : 'no description',
        });
      }
    }
  }
  return findings;
}

export function notShownStatementFindings<L>(locator: Locator<L>, entry: OpenEntry): Finding<L>[] | undefined {
  const scope = entry.scope;
  switch (scope.kind) {
    case 'callback-security':
      return callbackSecurity(locator);
    case 'illustrative-examples':
      return illustrativeExamples(locator, scope.at);
    case 'trigger':
      return trigger(locator, scope.events);
    case 'meaning':
      return meaning(locator, scope.checks);
    default:
      return undefined;
  }
}
