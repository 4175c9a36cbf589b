// Finding validators without knowing the bundle's operationIds: by method and path template, and
// a response validator by status. withValidation (src/client.ts) uses these same lookups.
import type { OperationValidators, Validator } from './runtime.js';

// The key of an interface's id on its `operations` table, in the type alone (nothing at run time).
// A symbol: a string key would be read as one more operation by `Record<string, ...>`.
declare const interfaceId: unique symbol;

/**
 * The interface a validator table is of (`'gateway-v1'`, ...), in its type alone: `withValidation`
 * refuses the validators of another interface than its client's (client-core's `OfInterface`).
 * A type literal, not an interface: a table typed with it keeps the implicit index signature that
 * `Readonly<Record<string, OperationValidators>>` asks for.
 */
export type OfInterface<Id extends string> = { readonly [interfaceId]?: Id | undefined };

/** An interface's validators, as `@messaging-contracts/validators/<id>` exports them; `Id`, the interface's id. */
export interface ValidatorSet<Id extends string = string> {
  operations: Readonly<Record<string, OperationValidators>> & OfInterface<Id>;
}

/** What `findRoute` finds: the operation, and the path parameter a client fills in itself, if any. */
export interface OperationRoute {
  operation: OperationValidators;
  /**
   * The parameter of a leading `/{name}` segment of the operation's template (D's
   * `application_name`, section 4.4), which D's client fills in itself: a caller does not pass it,
   * under either template (`/lists` or `/{application_name}/lists`).
   */
  clientParameter?: string;
}

// Built once per validator set (the sets are frozen module constants).
const tables = new WeakMap<object, Map<string, OperationRoute>>();

/**
 * Routes by method and path template: each operation under its own template and, where the
 * template starts with a path parameter segment, under the rest too, unless another operation
 * has that template itself.
 */
function routesOf(validators: ValidatorSet): Map<string, OperationRoute> {
  let table = tables.get(validators.operations);
  if (table) return table;
  table = new Map();
  const short: Array<[string, OperationRoute]> = [];
  for (const operation of Object.values(validators.operations)) {
    const prefix = /^\/\{([^}/]+)\}(\/.*)$/.exec(operation.path);
    const route: OperationRoute = prefix ? { operation, clientParameter: prefix[1]! } : { operation };
    table.set(`${operation.method} ${operation.path}`, route);
    if (prefix) short.push([`${operation.method} ${prefix[2]}`, route]);
  }
  for (const [key, route] of short) if (!table.has(key)) table.set(key, route);
  tables.set(validators.operations, table);
  return table;
}

/**
 * The operation of `method` (any case) and `template`, a path template as the bundle writes it
 * (`/messages/{messageid}`) or, for D, without its leading `/{application_name}` (`/lists`), with
 * the parameter the client fills in; `undefined` when the contract has no such operation.
 */
export function findRoute(validators: ValidatorSet, method: string, template: string): OperationRoute | undefined {
  return routesOf(validators).get(`${method.toLowerCase()} ${template}`);
}

/** The validators of the operation of `method` and `template` (see findRoute), or `undefined`. */
export function findOperation(validators: ValidatorSet, method: string, template: string): OperationValidators | undefined {
  return findRoute(validators, method, template)?.operation;
}

/**
 * The response validator for an HTTP status: the response is picked as OpenAPI picks it, by the
 * status's own key (`'404'`), else its range (`'4XX'`), else `'default'`, among the keys the
 * operation documents (`statuses`); then that response's JSON body validator. `undefined` when no
 * key fits or the response picked has no JSON body: D's `deleteList` documents 204 without one, so
 * a 204 gets `undefined`, never the `default` error's validator. Without `statuses` (a table built
 * by hand), the keys of `responses` are the documented ones.
 */
export function findResponseValidator(operation: Pick<OperationValidators, 'responses'> & Partial<Pick<OperationValidators, 'statuses'>>, status: number | string): Validator | undefined {
  const key = String(status);
  const { responses, statuses = Object.keys(responses) } = operation;
  const picked = [key, `${key[0]}XX`, 'default'].find((candidate) => statuses.includes(candidate) || Object.hasOwn(responses, candidate));
  return picked === undefined ? undefined : responses[picked];
}
