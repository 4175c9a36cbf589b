// What to compile, discovered from a bundle: nothing here names an operation, a schema or a
// status. For every operation in `paths`: its JSON request body, its path and query parameter
// set, and each response with a JSON body schema (per status key, `default` included); for every
// callback (operation `callbacks` and OpenAPI 3.1 top-level `webhooks`, both resolved through
// `components.pathItems`): its body and its response bodies.

export type Json = Record<string, unknown>;

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `application/json` or any `+json` media type (A also carries its vendor type, section 4.1). */
export const isJsonMediaType = (type: string) => /^application\/(?:json|[^;]*\+json)\s*(?:;.*)?$/i.test(type.trim());

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** A location in the bundle: its JSON pointer (`#/...`) and the value there. */
export interface Located {
  pointer: string;
  value: Json;
}

export function at(bundle: Json, pointer: string): unknown {
  let node: unknown = bundle;
  for (const token of pointer.replace(/^#\/?/, '').split('/').filter((t) => t !== '')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Json)[unescapeToken(token)];
  }
  return node;
}

/** Follows local `$ref`s (`#/...`) to the object they name; where the bundle has no such object, throws. */
export function resolve(bundle: Json, located: Located): Located {
  let current = located;
  for (let hops = 0; typeof current.value.$ref === 'string'; hops++) {
    const ref = current.value.$ref;
    if (!ref.startsWith('#') || hops > 32) throw new Error(`${current.pointer}: cannot follow $ref ${ref}`);
    const value = at(bundle, ref);
    if (value === null || typeof value !== 'object') throw new Error(`${current.pointer}: $ref ${ref} names nothing`);
    current = { pointer: ref, value: value as Json };
  }
  return current;
}

const child = (located: Located, ...tokens: string[]): Located | undefined => {
  let value: unknown = located.value;
  for (const token of tokens) value = value !== null && typeof value === 'object' ? (value as Json)[token] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  return { pointer: `${located.pointer}/${tokens.map(escapeToken).join('/')}`, value: value as Json };
};

/** Pointer of the JSON body schema of a request body or response object, following `$ref`s. */
function jsonSchemaOf(bundle: Json, holder: Located): string | undefined {
  const resolved = resolve(bundle, holder);
  const content = child(resolved, 'content');
  if (!content) return undefined;
  const types = Object.keys(content.value).filter(isJsonMediaType);
  if (types.length === 0) return undefined;
  // One validator per body: every JSON media type (A's application/json and vendor type, section
  // 4.1) must carry the same schema, or which one is checked would be a silent choice.
  const schemas = new Set(types.map((type) => JSON.stringify((content.value[type] as Json | undefined)?.schema)));
  if (schemas.size > 1) throw new Error(`${content.pointer}: the JSON media types ${types.join(', ')} carry different schemas`);
  const schema = child(content, types[0]!, 'schema');
  if (!schema) return undefined;
  // A schema that is only a `$ref` compiles as the schema it names, which other targets share.
  return typeof schema.value.$ref === 'string' && Object.keys(schema.value).length === 1 ? resolve(bundle, schema).pointer : schema.pointer;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  /** Pointer of its schema in the bundle. */
  schema: string;
}

export interface OperationTarget {
  kind: 'operation' | 'callback';
  operationId: string;
  method: string;
  /** The path template, or for a callback the expression or webhook name it is keyed by. */
  path: string;
  /** Pointer of the JSON request body schema. */
  body?: string;
  bodyRequired: boolean;
  parameters: Parameter[];
  /** Response status key to the pointer of its JSON body schema. */
  responses: Record<string, string>;
  /** Every response status key the operation documents, with a JSON body or not (D's `204`). */
  statuses: string[];
}

function parametersOf(bundle: Json, pathItem: Located, operation: Located): Parameter[] {
  const byKey = new Map<string, Parameter>();
  // Operation parameters override path item parameters of the same name and location (OpenAPI 3.1 4.8.10).
  for (const holder of [pathItem, operation]) {
    const list = child(holder, 'parameters');
    if (!list) continue;
    (list.value as unknown as unknown[]).forEach((_, i) => {
      const parameter = resolve(bundle, child(list, String(i))!);
      const where = parameter.value.in;
      if (where !== 'path' && where !== 'query') return; // headers and cookies are the transport's business
      const schema = child(parameter, 'schema');
      if (!schema) throw new Error(`${parameter.pointer}: a parameter without a schema`);
      const name = String(parameter.value.name);
      byKey.set(`${where}:${name}`, { name, in: where, required: where === 'path' || parameter.value.required === true, schema: schema.pointer });
    });
  }
  return [...byKey.values()];
}

function operationsOf(bundle: Json, pathItem: Located, kind: OperationTarget['kind'], path: string): OperationTarget[] {
  const resolved = resolve(bundle, pathItem);
  const out: OperationTarget[] = [];
  for (const method of httpMethods) {
    const operation = child(resolved, method);
    if (!operation) continue;
    const operationId = operation.value.operationId;
    if (typeof operationId !== 'string') throw new Error(`${operation.pointer}: an operation without an operationId`);
    const requestBody = child(operation, 'requestBody');
    const body = requestBody && jsonSchemaOf(bundle, requestBody);
    const responses: Record<string, string> = {};
    const responseMap = child(operation, 'responses');
    for (const status of Object.keys(responseMap?.value ?? {})) {
      const schema = jsonSchemaOf(bundle, child(responseMap!, status)!);
      if (schema) responses[status] = schema;
    }
    out.push({
      kind,
      operationId,
      method,
      path,
      ...(body && { body }),
      bodyRequired: body !== undefined && resolve(bundle, requestBody!).value.required === true,
      parameters: parametersOf(bundle, resolved, operation),
      responses,
      statuses: Object.keys(responseMap?.value ?? {}),
    });
  }
  return out;
}

/** Every operation and every callback of a bundle, in document order. */
export function discover(bundle: Json): { operations: OperationTarget[]; callbacks: OperationTarget[] } {
  const root: Located = { pointer: '#', value: bundle };
  const operations: OperationTarget[] = [];
  const callbacks = new Map<string, OperationTarget>();
  const addCallbacks = (pathItem: Located, key: string) => {
    for (const target of operationsOf(bundle, pathItem, 'callback', key)) {
      // The same path item may be reached from an operation's callbacks and from `webhooks`.
      if (!callbacks.has(target.operationId)) callbacks.set(target.operationId, target);
    }
  };
  const paths = child(root, 'paths');
  for (const path of Object.keys(paths?.value ?? {})) {
    const pathItem = child(paths!, path)!;
    operations.push(...operationsOf(bundle, pathItem, 'operation', path));
    const resolved = resolve(bundle, pathItem);
    for (const method of httpMethods) {
      const callbackMap = child(resolved, method, 'callbacks');
      for (const name of Object.keys(callbackMap?.value ?? {})) {
        const callback = resolve(bundle, child(callbackMap!, name)!);
        for (const expression of Object.keys(callback.value)) addCallbacks(child(callback, expression)!, expression);
      }
    }
  }
  const webhooks = child(root, 'webhooks');
  for (const name of Object.keys(webhooks?.value ?? {})) addCallbacks(child(webhooks!, name)!, name);
  return { operations, callbacks: [...callbacks.values()] };
}

export interface DaysAheadRule {
  /** Instance path tokens from the validated value; `*` stands for any array index. */
  path: string[];
  /** Days, as the bundle's `x-max-days-ahead` says. */
  limit: number;
}

/**
 * Visits every schema reachable from `pointer` with the instance path it applies to (`*` for any
 * array index): through `$ref`, `properties`, `items` and the combinators; stops at cycles.
 */
export function walkSchema(bundle: Json, pointer: string, visit: (schema: Located, path: string[]) => void): void {
  const walk = (located: Located, path: string[], seen: Set<string>) => {
    const schema = resolve(bundle, located);
    if (seen.has(schema.pointer)) return;
    const inner = new Set(seen).add(schema.pointer);
    visit(schema, path);
    const properties = child(schema, 'properties');
    for (const name of Object.keys(properties?.value ?? {})) walk(child(properties!, name)!, [...path, name], inner);
    const items = child(schema, 'items');
    if (items) walk(items, [...path, '*'], inner);
    for (const combinator of ['allOf', 'anyOf', 'oneOf']) {
      const list = child(schema, combinator);
      (list?.value as unknown as unknown[] | undefined)?.forEach((_, i) => walk(child(list!, String(i))!, path, inner));
    }
  };
  const start = at(bundle, pointer);
  if (start && typeof start === 'object') walk({ pointer, value: start as Json }, [], new Set());
}

export interface DaysAheadRule {
  /** Instance path tokens from the validated value; `*` stands for any array index. */
  path: string[];
  /** Days, as the bundle's `x-max-days-ahead` says. */
  limit: number;
}

/** Where a schema carries `x-max-days-ahead` (section 8, "at most 60 days ahead"), as instance paths. */
export function daysAheadRules(bundle: Json, pointer: string): DaysAheadRule[] {
  const rules: DaysAheadRule[] = [];
  walkSchema(bundle, pointer, (schema, path) => {
    const limit = schema.value['x-max-days-ahead'];
    if (typeof limit === 'number') rules.push({ path, limit });
  });
  return rules;
}
