// Closed sets (issue 13, item 4): an interface has exactly the operations of its section 4 table and
// sends exactly the events of section 6. An undocumented field was already a violation; an
// undocumented endpoint or callback now is too. Callbacks are found both where OpenAPI 3.0 puts them
// (`paths.*.*.callbacks`) and where OpenAPI 3.1 puts out-of-band ones (top-level `webhooks`).
import { catalogueFile, type Entry } from './catalog.js';
import type { Finding } from './expect.js';
import { type Locator, METHODS, normalisePath, serverBasePaths } from './places.js';
import { follow, get, isObject, type Node } from './view.js';

interface FoundOperation<L> {
  method: string;
  /** The path as the document writes it, or the callback/webhook name. */
  key: string;
  node: Node<L>;
}

function entries<L>(locator: Locator<L>, node: Node<L> | undefined): Array<[string, Node<L>]> {
  const target = follow(locator.view, node);
  if (!target || !isObject(target.value)) return [];
  return Object.keys(target.value).map((key) => [key, get(locator.view, target, key)!]);
}

function operationsOf<L>(locator: Locator<L>, pathItem: Node<L> | undefined, key: string): FoundOperation<L>[] {
  return METHODS.flatMap((method) => {
    const operation = entries(locator, pathItem).find(([name]) => name === method)?.[1];
    return operation && isObject(operation.value) ? [{ method: method.toUpperCase(), key, node: operation }] : [];
  });
}

/** Operations under `paths`, each with the full paths it may stand for (short or full form). */
function pathOperations<L>(locator: Locator<L>): Array<FoundOperation<L> & { fullPaths: string[] }> {
  const rootBases = serverBasePaths(get(locator.view, locator.root, 'servers'));
  return entries(locator, get(locator.view, locator.root, 'paths'))
    .filter(([key]) => key.startsWith('/'))
    .flatMap(([key, raw]) => {
      const pathItem = follow(locator.view, raw);
      const own = pathItem ? serverBasePaths(get(locator.view, pathItem, 'servers')) : [];
      const fullPaths = [...(own.length ? own : rootBases), '', locator.api.basePath].map((base) => normalisePath(`${base}${key}`));
      return operationsOf(locator, pathItem, key).map((operation) => ({ ...operation, fullPaths }));
    });
}

/** Callback operations: `paths.*.*.callbacks.<name>.<expression>.<method>` and `webhooks.<name>.<method>`. */
export function eventOperations<L>(locator: Locator<L>): Array<FoundOperation<L> & { where: 'callback' | 'webhook' }> {
  const found: Array<FoundOperation<L> & { where: 'callback' | 'webhook' }> = [];
  for (const { node } of pathOperations(locator)) {
    for (const [name, callback] of entries(locator, get(locator.view, node, 'callbacks'))) {
      for (const [expression, item] of entries(locator, callback)) {
        if (!expression.startsWith('x-')) found.push(...operationsOf(locator, item, name).map((o) => ({ ...o, where: 'callback' as const })));
      }
    }
  }
  for (const [name, item] of entries(locator, get(locator.view, locator.root, 'webhooks'))) {
    if (!name.startsWith('x-')) found.push(...operationsOf(locator, item, name).map((o) => ({ ...o, where: 'webhook' as const })));
  }
  return found;
}

/** Where to fix an undocumented thing: the spec, or, if the document does list it, the catalogue entry. */
export const editHint = (entry: Pick<Entry, 'api' | 'id'>, what: string) =>
  `remove ${what} from specs/${entry.api}/, or, if the document lists it, add it to ${catalogueFile(entry.api)} (entry "${entry.id}")`;

export const operationsRule = <L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'operations' }>): Finding<L>[] => {
  const { paths, events } = entry.operations;
  const fix = editHint(entry, 'it');
  return [...(paths ? pathFindings(locator, entry, paths, fix) : []), ...(events ? eventFindings(locator, entry, events, fix) : [])];
};

function pathFindings<L>(locator: Locator<L>, entry: Extract<Entry, { kind: 'operations' }>, paths: string[], fix: string): Finding<L>[] {
  const findings: Finding<L>[] = [];
  const documented = paths.map((spec) => {
    const [method, path] = spec.split(' ') as [string, string];
    return { spec, method, path: normalisePath(path) };
  });
  const operations = pathOperations(locator);
  for (const operation of operations) {
    if (documented.some((d) => d.method === operation.method && operation.fullPaths.includes(d.path))) continue;
    findings.push({
      loc: operation.node.loc,
      expected: `only the ${paths.length} documented operations (${fix})`,
      found: `operation ${operation.method} ${operation.key}`,
    });
  }
  const pathsNode = get(locator.view, locator.root, 'paths');
  for (const d of documented) {
    if (operations.some((o) => o.method === d.method && o.fullPaths.includes(d.path))) continue;
    findings.push({ loc: (pathsNode ?? locator.root).loc, expected: `operation ${d.spec} (section ${entry.section})`, found: 'none' });
  }
  return findings;
}

function eventFindings<L>(
  locator: Locator<L>,
  entry: Extract<Entry, { kind: 'operations' }>,
  events: Array<{ name: string; method: string }>,
  fix: string,
): Finding<L>[] {
  const findings: Finding<L>[] = [];
  const matches = (event: { name: string; method: string }, operation: FoundOperation<L>) =>
    event.method === operation.method && operation.key.toLowerCase().includes(event.name.toLowerCase());
  const found = eventOperations(locator);
  const said = events.length === 0 ? 'no events' : events.map((e) => `${e.name} (${e.method})`).join(', ');
  for (const operation of found) {
    if (events.some((event) => matches(event, operation))) continue;
    findings.push({
      loc: operation.node.loc,
      expected: `only the documented events: ${said} (${fix})`,
      found: `${operation.where} ${operation.key} ${operation.method}`,
    });
  }
  for (const event of events) {
    if (found.some((operation) => matches(event, operation))) continue;
    findings.push({ loc: locator.root.loc, expected: `a ${event.name} callback or webhook (${event.method}), section ${entry.section}`, found: 'none' });
  }
  return findings;
}
