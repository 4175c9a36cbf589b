// Mutations for the forms entries and the open entries of not-shown-statements.ts: each puts back
// the form the bundles had before the document's words were followed (only the direct attempt
// form, the inherited API key, an unlabelled example, a trigger naming `sendMessage`, a meaning
// given to a field), plus a few neighbouring breaks.
import type { Entry, OpenScope } from '../catalog.js';
import { callbackPathItems, exampleHolders } from '../not-shown-statements.js';
import { propertyNodes, readSchema, keyword } from '../schema.js';
import { deref, escapePointerToken, follow, get, isBroken, isObject, type Json } from '../view.js';
import type { Generator, Mutation } from './mutations.js';
import { remove, set } from './mutations.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function formsMutations(g: Generator, entry: Extract<Entry, { kind: 'forms' }>): Mutation[] {
  const element = g.choose(g.locator.schemaNodes(entry.schema).nodes);
  const components = get(g.view, g.view.root, 'components');
  const schemas = components && get(g.view, components, 'schemas');
  const direct = schemas && get(g.view, schemas, g.api.schemas.get(entry.direct)?.component ?? entry.direct);
  if (!element || !direct) return [];
  const home = deref(g.view, element);
  if (isBroken(home)) return [];
  const mutations: Mutation[] = [set(`only the direct form (${entry.direct})`, home.loc.pointer, direct.value as Json)];
  const list = [...keyword(g.view, readSchema(g.view, [home]), 'oneOf'), ...keyword(g.view, readSchema(g.view, [home]), 'anyOf')][0];
  if (!list || !Array.isArray(list.value)) return mutations;
  list.value.forEach((member, index) => {
    const node = deref(g.view, { value: member, loc: g.view.child(list.loc, index) });
    if (isBroken(node) || !isObject(node.value) || node.value.additionalProperties === undefined) return;
    const at = node.loc.pointer;
    mutations.push(remove('allow several wrapper keys (no maxProperties)', `${at}/maxProperties`));
    mutations.push(set('restrict the key naming the attempt', `${at}/propertyNames`, { enum: ['first', 'last'] }));
    mutations.push(set('a wrapped value that is not the attempt', `${at}/additionalProperties`, { type: 'object' }));
    mutations.push(set('only the wrapped form', home.loc.pointer, node.value as Json));
  });
  return mutations;
}

export function notShownStatementMutations(g: Generator, scope: OpenScope): Mutation[] | undefined {
  switch (scope.kind) {
    case 'callback-security': {
      const hook = g.choose(callbackPathItems(g.locator));
      const operation = hook && METHODS.map((m) => get(g.view, hook.item, m)).find((o) => o && isObject(o.value));
      if (!operation) return [];
      const inherited = getRoot(g, 'security') ?? [{ apiKey: [] }];
      return [
        remove('drop the callback operation\'s own security (the document\'s applies)', `${operation.loc.pointer}/security`),
        set('the callback asks for the interface\'s credentials', `${operation.loc.pointer}/security`, inherited),
        ...(get(g.view, operation, 'responses')?.value && isObject((get(g.view, operation, 'responses')!.value as Record<string, Json>)['401'])
          ? [set('the callback\'s 401 speaks of the client\'s API key', `${operation.loc.pointer}/responses/401/description`, 'Not authorized: a missing API key or unauthorized access yields 401.')]
          : []),
      ];
    }
    case 'illustrative-examples': {
      const mutations: Mutation[] = [];
      for (const place of scope.at.filter((p) => p.operation !== undefined && !p.optional)) {
        const response = g.choose(exampleHolders(g.locator, place).nodes);
        const content = response && get(g.view, response, 'content');
        for (const media of content && isObject(content.value) ? Object.keys(content.value) : []) {
          const node = get(g.view, content!, media)!;
          const examples = get(g.view, node, 'examples');
          if (!examples || !isObject(examples.value)) continue;
          const [name, first] = Object.entries(examples.value)[0] ?? [];
          if (name === undefined) continue;
          const { examples: _named, ...rest } = node.value as Record<string, Json>;
          mutations.push(set('a plain example, not labelled illustrative', node.loc.pointer, { ...rest, example: (first as { value?: Json }).value ?? null }));
          mutations.push(set(`drop the label of example ${name}`, `${examples.loc.pointer}/${escapePointerToken(name)}/summary`, 'Example'));
        }
      }
      return mutations;
    }
    case 'trigger': {
      const hook = g.choose(callbackPathItems(g.locator).filter(({ name }) => scope.events.some((w) => name.toLowerCase().includes(w.toLowerCase()))));
      const paths = get(g.view, g.view.root, 'paths');
      const firstId = paths && isObject(paths.value)
        ? Object.keys(paths.value).flatMap((k) => {
            const item = follow(g.view, get(g.view, paths, k));
            return METHODS.map((m) => (item && get(g.view, item, m)?.value) as { operationId?: string } | undefined).filter((o) => o?.operationId).map((o) => o!.operationId!);
          }).at(-1)
        : undefined;
      if (!hook || !firstId) return [];
      const description = get(g.view, hook.item, 'description');
      return [set(`name \`${firstId}\` as the trigger`, `${hook.item.loc.pointer}/description`, `${String(description?.value ?? '')} Sent for messages sent with \`${firstId}\`.`)];
    }
    case 'meaning':
      return scope.checks.flatMap((check) => {
        const holder = g.choose(g.locator.schemaNodes(check.schema!).nodes);
        const property = holder && g.choose(propertyNodes(g.view, [holder], check.property!));
        return property ? [set(`give ${check.property} a meaning`, `${property.loc.pointer}/description`, `The ${check.property} of the report dates. Its format is not stated in the spec document.`)] : [];
      });
    default:
      return undefined;
  }
}

function getRoot(g: Generator, key: string): Json | undefined {
  return get(g.view, g.view.root, key)?.value as Json | undefined;
}
