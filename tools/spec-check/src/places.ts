// Finds what the catalogue talks about in a document, whatever its layout: operations by method and
// path (a short path under the server URL's base path, or the full path), callbacks by name, path
// items and schemas in components by name, and schemas nested in other documented schemas.
// Every place found is returned, so a rule checks a `$ref`'d component and each inline copy of a
// dereferenced document alike.
import type { ApiCatalog, Entry, Place, Target } from './catalog.js';
import type { Finding } from './expect.js';
import { alternativeNodes, itemNodes, keywordNodes, propertyNodes } from './schema.js';
import { type DocumentView, follow, get, isObject, type Node } from './view.js';

export interface Located<L> {
  nodes: Node<L>[];
  /** Steps of the place that the document lacks. */
  missing: Finding<L>[];
}

export type Want = 'operation' | 'response' | 'header' | 'schema';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Path templates compare without their parameter names: `/messages/{id}` is `/messages/{messageid}`. */
export function normalisePath(path: string): string {
  const normal = path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
  return normal === '' ? '/' : normal;
}

/** The path part of each server URL: `{base_url}/rest/gateway` -> `/rest/gateway`. */
export function serverBasePaths<L>(servers: Node<L> | undefined): string[] {
  const bases = new Set<string>();
  if (!Array.isArray(servers?.value)) return [];
  for (const server of servers.value) {
    if (!isObject(server) || typeof server.url !== 'string') continue;
    const variables = isObject(server.variables) ? server.variables : {};
    const substituted = server.url.replace(/\{([^}]*)\}/g, (_, name: string) => {
      const variable = variables[name];
      return isObject(variable) && typeof variable.default === 'string' ? variable.default : '';
    });
    // A leading variable usually stands for scheme and host; read the URL both ways.
    for (const url of [substituted, server.url.replace(/\{[^}]*\}/g, '')]) {
      let path = url;
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
        try {
          path = new URL(url).pathname;
        } catch {
          continue;
        }
      } else if (url.startsWith('//')) path = url.replace(/^\/\/[^/]*/, '');
      path = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
      bases.add(path);
    }
  }
  return [...bases];
}

export function describePlace(place: Place): string {
  const parts: string[] = [];
  if (place.component) parts.push(`component ${place.component}`);
  if (place.schema) parts.push(place.schema);
  if (place.operation) parts.push(place.operation);
  if (place.pathItem) parts.push(`path item ${place.pathItem} ${place.method ?? 'POST'}`);
  if (place.responseComponent) parts.push(`response component ${place.responseComponent}`);
  if (place.requestBodyComponent) parts.push(`request body component ${place.requestBodyComponent}`);
  if (place.callback) parts.push(`${place.callback} callback ${place.method ?? 'POST'}`);
  if (place.requestBody) parts.push('request body');
  if (place.parameter) parts.push(`${place.in ?? ''} parameter ${place.parameter}`.trim());
  if (place.response) parts.push(`response ${place.response}`);
  if (place.header) parts.push(`header ${place.header}`);
  if (place.property) parts.push(`property ${place.property}`);
  if (place.items) parts.push('items');
  if (place.alternative !== undefined) parts.push(`alternative ${place.alternative}`);
  if (place.additionalProperties) parts.push('additionalProperties');
  return parts.join(', ');
}

function uniqueNodes<L>(view: DocumentView<L>, nodes: Node<L>[]): Node<L>[] {
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const key = view.key(node.loc);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function entriesOf<L>(view: DocumentView<L>, node: Node<L> | undefined): Array<[string, Node<L>]> {
  if (!node || !isObject(node.value)) return [];
  return Object.keys(node.value).map((key) => [key, get(view, node, key)!]);
}

interface Operation<L> {
  node: Node<L>;
  pathItem: Node<L>;
}

export class Locator<L> {
  private readonly schemaCache = new Map<string, Located<L>>();
  private readonly headerCache = new Map<string, Located<L>>();
  private readonly resolving = new Set<string>();

  constructor(
    readonly view: DocumentView<L>,
    readonly api: ApiCatalog,
  ) {}

  get root(): Node<L> {
    return this.view.root;
  }

  private component(kind: 'schemas' | 'headers' | 'pathItems' | 'responses' | 'requestBodies', name: string): Node<L> | undefined {
    const components = get(this.view, this.root, 'components');
    const group = components && get(this.view, components, kind);
    if (!group || !isObject(group.value)) return undefined;
    const key =
      kind === 'headers'
        ? Object.keys(group.value).find((k) => k.toLowerCase() === name.toLowerCase())
        : Object.hasOwn(group.value, name)
          ? name
          : undefined;
    return key === undefined ? undefined : get(this.view, group, key);
  }

  /** Operations `METHOD /full/path`, whether the document writes the path short or in full. */
  operations(spec: string): Located<L> & { operations: Operation<L>[] } {
    const [method, fullPath] = spec.split(' ') as [string, string];
    const wanted = normalisePath(fullPath);
    const paths = get(this.view, this.root, 'paths');
    const rootBases = serverBasePaths(get(this.view, this.root, 'servers'));
    const operations: Operation<L>[] = [];
    const missing: Finding<L>[] = [];
    for (const [key, raw] of entriesOf(this.view, paths)) {
      if (!key.startsWith('/')) continue;
      const pathItem = follow(this.view, raw);
      if (!pathItem) continue;
      const own = serverBasePaths(get(this.view, pathItem, 'servers'));
      // The documented base path is also tried, so a wrong server URL is one finding (the
      // base-path entry), not one per operation.
      const bases = [...(own.length ? own : rootBases), '', this.api.basePath];
      if (!bases.some((base) => normalisePath(`${base}${key}`) === wanted)) continue;
      const operation = get(this.view, pathItem, method.toLowerCase());
      if (operation && isObject(operation.value)) operations.push({ node: operation, pathItem });
      else missing.push({ loc: pathItem.loc, expected: `operation ${spec}`, found: `no ${method.toLowerCase()} operation on ${key}` });
    }
    if (operations.length === 0 && missing.length === 0) {
      missing.push({ loc: (paths ?? this.root).loc, expected: `operation ${spec}`, found: `no path for ${fullPath}` });
    }
    return { nodes: operations.map((o) => o.node), operations, missing: operations.length ? [] : missing };
  }

  /** Every operation of the document: paths, callbacks, components.pathItems, webhooks. */
  allOperations(): Node<L>[] {
    const found: Node<L>[] = [];
    const seen = new Set<string>();
    const visitPathItem = (raw: Node<L> | undefined) => {
      const pathItem = follow(this.view, raw);
      if (!pathItem || !isObject(pathItem.value)) return;
      if (seen.has(this.view.key(pathItem.loc))) return;
      seen.add(this.view.key(pathItem.loc));
      for (const method of METHODS) {
        const operation = get(this.view, pathItem, method);
        if (!operation || !isObject(operation.value)) continue;
        found.push(operation);
        for (const [, callback] of entriesOf(this.view, get(this.view, operation, 'callbacks'))) {
          for (const [expression, item] of entriesOf(this.view, follow(this.view, callback))) {
            if (!expression.startsWith('x-')) visitPathItem(item);
          }
        }
      }
    };
    for (const [key, item] of entriesOf(this.view, get(this.view, this.root, 'paths'))) {
      if (key.startsWith('/')) visitPathItem(item);
    }
    for (const [, item] of entriesOf(this.view, get(this.view, this.root, 'webhooks'))) visitPathItem(item);
    const components = get(this.view, this.root, 'components');
    for (const [, item] of entriesOf(this.view, components && get(this.view, components, 'pathItems'))) visitPathItem(item);
    return found;
  }

  /** Every response object (after its `$ref`): of every operation, and `components.responses`. */
  allResponses(): Array<{ status: string; node: Node<L> }> {
    const found: Array<{ status: string; node: Node<L> }> = [];
    const seen = new Set<string>();
    const add = (status: string, raw: Node<L>) => {
      const response = follow(this.view, raw);
      if (!response || seen.has(this.view.key(response.loc))) return;
      seen.add(this.view.key(response.loc));
      found.push({ status, node: response });
    };
    for (const operation of this.allOperations()) {
      for (const [status, response] of entriesOf(this.view, get(this.view, operation, 'responses'))) add(status, response);
    }
    const components = get(this.view, this.root, 'components');
    for (const [, response] of entriesOf(this.view, components && get(this.view, components, 'responses'))) add('', response);
    return found;
  }

  /** The nodes a place names, at the level asked for. */
  locate(place: Place, want: Want, forHeader = false): Located<L> {
    const missing: Finding<L>[] = [];
    let current: Node<L>[] = [];
    let level: Want;

    if (place.component !== undefined) {
      // A header component may itself be a $ref; a schema's $ref is read by the schema reader.
      const raw = this.component(forHeader ? 'headers' : 'schemas', place.component);
      const node = forHeader ? follow(this.view, raw) : raw;
      current = node ? [node] : [];
      level = forHeader ? 'header' : 'schema';
    } else if (place.schema !== undefined) {
      current = this.schemaNodes(place.schema).nodes;
      level = 'schema';
    } else if (place.responseComponent !== undefined) {
      const response = follow(this.view, this.component('responses', place.responseComponent));
      current = response ? [response] : [];
      level = 'response';
    } else if (place.requestBodyComponent !== undefined) {
      const body = follow(this.view, this.component('requestBodies', place.requestBodyComponent));
      current = body ? [body] : [];
      level = 'operation';
    } else if (place.pathItem !== undefined) {
      const item = follow(this.view, this.component('pathItems', place.pathItem));
      const method = (place.method ?? 'POST').toLowerCase();
      const operation = item && get(this.view, item, method);
      current = operation ? [operation] : [];
      if (!operation) {
        const components = get(this.view, this.root, 'components');
        missing.push({ loc: (item ?? components ?? this.root).loc, expected: describePlace(place), found: 'none' });
      }
      level = 'operation';
    } else {
      const located = this.operations(place.operation!);
      current = located.nodes;
      missing.push(...located.missing);
      level = 'operation';
      if (place.callback !== undefined) {
        const word = place.callback.toLowerCase();
        const method = (place.method ?? 'POST').toLowerCase();
        const next: Node<L>[] = [];
        for (const operation of current) {
          const before = next.length;
          const callbacks = get(this.view, operation, 'callbacks');
          const named = entriesOf(this.view, callbacks).filter(([name]) => name.toLowerCase().includes(word));
          for (const [, callback] of named) {
            for (const [expression, item] of entriesOf(this.view, follow(this.view, callback))) {
              if (expression.startsWith('x-')) continue;
              const pathItem = follow(this.view, item);
              const callbackOperation = pathItem && get(this.view, pathItem, method);
              if (callbackOperation) next.push(callbackOperation);
            }
          }
          // A callback whose address is registered out of band (section 6) is a top-level webhook
          // of the same name (specs/README.md, "Callbacks"), not an entry of the operation.
          for (const [name, item] of entriesOf(this.view, get(this.view, this.root, 'webhooks'))) {
            const webhookOperation = name.toLowerCase().includes(word) ? follow(this.view, item) : undefined;
            const found = webhookOperation && get(this.view, webhookOperation, method);
            if (found) next.push(found);
          }
          if (next.length === before) {
            missing.push({ loc: (callbacks ?? operation).loc, expected: `a ${place.callback} callback (${method.toUpperCase()})`, found: 'none' });
          }
        }
        current = next;
      }
    }

    const step = (nodes: Node<L>[], expected: string, next: (node: Node<L>) => Node<L>[]): Node<L>[] => {
      const result: Node<L>[] = [];
      for (const node of nodes) {
        const found = next(node);
        if (found.length === 0) missing.push({ loc: node.loc, expected, found: 'none' });
        result.push(...found);
      }
      return result;
    };
    const bodySchemas = (holder: Node<L>): Node<L>[] =>
      entriesOf(this.view, get(this.view, holder, 'content')).flatMap(([, media]) => {
        const schema = get(this.view, media, 'schema');
        return schema ? [schema] : [];
      });

    if (place.requestBodyComponent !== undefined) {
      // Asked for the operation level, the request body itself (its media types and examples).
      if (want !== 'operation') {
        current = step(current, 'a request body schema', bodySchemas);
        level = 'schema';
      }
    } else if (level === 'operation' && place.requestBody) {
      current = step(current, 'a request body', (op) => {
        const body = follow(this.view, get(this.view, op, 'requestBody'));
        return body ? [body] : [];
      });
      if (want !== 'operation') current = step(current, 'a request body schema', bodySchemas);
      level = 'schema';
    } else if (level === 'operation' && place.parameter !== undefined) {
      current = step(current, `${place.in ?? 'a'} parameter ${place.parameter}`, (op) =>
        this.parameters(op).filter((p) => {
          const value = p.value as Record<string, unknown>;
          return value.name === place.parameter && (place.in === undefined || value.in === place.in);
        }),
      );
      current = step(current, `a schema for parameter ${place.parameter}`, (p) => {
        const schema = get(this.view, p, 'schema');
        return schema ? [schema] : [];
      });
      level = 'schema';
    } else if ((level === 'operation' && place.response !== undefined) || level === 'response') {
      if (level === 'operation') {
        current = step(current, `response ${place.response}`, (op) => {
          const responses = get(this.view, op, 'responses');
          const response = follow(this.view, responses && get(this.view, responses, place.response!));
          return response ? [response] : [];
        });
        level = 'response';
      }
      if (place.header !== undefined) {
        current = step(current, `header ${place.header}`, (response) => {
          const headers = get(this.view, response, 'headers');
          const key = entriesOf(this.view, headers).find(([name]) => name.toLowerCase() === place.header!.toLowerCase());
          const header = key && follow(this.view, key[1]);
          return header ? [header] : [];
        });
        level = 'header';
      } else if (want === 'schema') {
        current = step(current, `a body schema for response ${place.response ?? place.responseComponent}`, bodySchemas);
        level = 'schema';
      }
    }

    if (place.property !== undefined) {
      current = step(current, `property ${place.property}`, (schema) => propertyNodes(this.view, [schema], place.property!));
    }
    if (place.items) current = step(current, 'items', (schema) => itemNodes(this.view, [schema]));
    if (place.alternative !== undefined) {
      current = step(current, `alternative ${place.alternative} (oneOf/anyOf)`, (schema) => alternativeNodes(this.view, [schema], place.alternative!));
    }
    if (place.additionalProperties) {
      current = step(current, 'an additionalProperties schema', (schema) => keywordNodes(this.view, [schema], 'additionalProperties'));
    }

    // A place nested in another documented schema is that schema's entries' concern when absent.
    const optional =
      place.optional === true ||
      place.schema !== undefined ||
      place.component !== undefined ||
      place.responseComponent !== undefined ||
      place.requestBodyComponent !== undefined;
    return { nodes: uniqueNodes(this.view, current), missing: optional ? [] : missing };
  }

  private parameters(operation: Node<L>): Node<L>[] {
    // The path item's parameters are not reachable from the operation node alone; look them up
    // through the path that holds this operation.
    const holders = [operation, ...this.pathItemsOf(operation)];
    return holders.flatMap((holder) => {
      const list = get(this.view, holder, 'parameters');
      if (!Array.isArray(list?.value)) return [];
      return list.value.map((_, i) => follow(this.view, get(this.view, list, i))).filter((p): p is Node<L> => !!p && isObject(p.value));
    });
  }

  private pathItemsOf(operation: Node<L>): Node<L>[] {
    const result: Node<L>[] = [];
    for (const [key, raw] of entriesOf(this.view, get(this.view, this.root, 'paths'))) {
      const item = follow(this.view, raw);
      if (!key.startsWith('/') || !item) continue;
      if (METHODS.some((m) => { const op = get(this.view, item, m); return op && this.view.key(op.loc) === this.view.key(operation.loc); })) {
        result.push(item);
      }
    }
    return result;
  }

  private targetNodes(target: Target, cache: Map<string, Located<L>>, header: boolean): Located<L> {
    const cached = cache.get(target.name);
    if (cached) return cached;
    const cycleKey = `${header}:${target.name}`;
    if (this.resolving.has(cycleKey)) return { nodes: [], missing: [] };
    this.resolving.add(cycleKey);
    const nodes: Node<L>[] = [];
    const missing: Finding<L>[] = [];
    if (target.component !== undefined) {
      const node = this.component(header ? 'headers' : 'schemas', target.component);
      if (node) nodes.push(header ? (follow(this.view, node) ?? node) : node);
    }
    for (const place of target.at) {
      const located = this.locate(place, header ? 'header' : 'schema', header);
      nodes.push(...located.nodes);
      missing.push(...located.missing);
    }
    this.resolving.delete(cycleKey);
    const narrowed = header ? new Set<string>() : this.narrowedKeys(target.name);
    const result = { nodes: uniqueNodes(this.view, nodes).filter((node) => !narrowed.has(this.view.key(node.loc))), missing };
    cache.set(target.name, result);
    return result;
  }

  /**
   * A narrowing's property at each node of its place (section 3): `nodes` are all of the
   * property's nodes there, read together (its `allOf` members and the schema they `$ref`);
   * `own` are those written inside the place itself, the narrowing's alone.
   */
  narrowing(entry: Extract<Entry, { kind: 'narrowing' }>): { at: Array<{ parent: Node<L>; nodes: Node<L>[]; own: Node<L>[] }>; missing: Finding<L>[] } {
    const located = this.locate(entry.at, 'schema', false);
    const at = located.nodes.map((parent) => {
      const nodes = propertyNodes(this.view, [parent], entry.property);
      const inside = `${this.view.pointer(parent.loc)}/`;
      return { parent, nodes, own: nodes.filter((node) => this.view.pointer(node.loc).startsWith(inside)) };
    });
    return { at, missing: located.missing };
  }

  /** The nodes of a schema that a narrowing of it writes (see `narrowing`): that entry checks them. */
  private narrowedKeys(name: string): Set<string> {
    const keys = new Set<string>();
    for (const entry of this.api.entries) {
      if (entry.kind !== 'narrowing' || entry.schema !== name) continue;
      for (const { own } of this.narrowing(entry).at) for (const node of own) keys.add(this.view.key(node.loc));
    }
    return keys;
  }

  schemaNodes(name: string): Located<L> {
    const target = this.api.schemas.get(name);
    if (!target) throw new Error(`unknown schema ${name}`);
    return this.targetNodes(target, this.schemaCache, false);
  }

  headerNodes(name: string): Located<L> {
    const target = this.api.headers.get(name);
    if (!target) throw new Error(`unknown header ${name}`);
    return this.targetNodes(target, this.headerCache, true);
  }
}
