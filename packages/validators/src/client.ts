// Opt-in contract validation for the clients (issue 10 item 4). `withValidation` wraps an
// existing openapi-fetch-shaped client (`client.POST(pathTemplate, { body, params })` resolving to
// `{ data, error, response }`): before a call it validates the body and the path and query
// parameters against the operation's validators and throws one ContractViolationError listing
// every violation, with no network I/O; after the call it checks the response body against the
// validator of its status (falling back to `default`) and reports a contract break. The clients
// themselves never import this module, so a bundle that does not opt in does not grow.
import { type OfInterface, type OperationRoute, type ValidatorSet, findResponseValidator, findRoute } from './lookup.js';
import type { ValidateOptions } from './runtime.js';
import type { Violation } from './violations.js';

export type { ValidatorSet } from './lookup.js';

export interface ResponseViolationReport {
  operationId: string;
  method: string;
  /** The operation's path template (never the URL, which may carry values). */
  path: string;
  status: number;
  violations: readonly Violation[];
}

export interface WithValidationOptions {
  /** Validate bodies and parameters before sending; default true. */
  request?: boolean;
  /** What to do with a response body that breaks the contract; default `'report'`. */
  response?: 'off' | 'report' | 'throw';
  /** Called for every response that breaks the contract (with `response: 'report'`); default: one console.warn line. */
  onResponseViolation?: (report: ResponseViolationReport) => void;
  /** Clock for "at most 60 days ahead" (`x-max-days-ahead`), epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /** How many violations a request or response lists at most (see ValidateOptions); default 100. */
  maxViolations?: number;
}

/** A request or response that breaks the contract. Lists every violation; carries no header, URL or credential. */
export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError';
  readonly operationId: string;
  readonly phase: 'request' | 'response';
  /** The response status, for `phase: 'response'`. */
  readonly status: number | undefined;
  readonly violations: readonly Violation[];

  constructor(operationId: string, phase: 'request' | 'response', violations: readonly Violation[], status?: number) {
    const list = violations.map((v) => `${v.pointer || '(value)'} ${v.message} (${v.rule})`).join('; ');
    super(`${operationId}: the ${phase}${status === undefined ? '' : ` (status ${status})`} breaks the contract: ${list}`);
    this.operationId = operationId;
    this.phase = phase;
    this.status = status;
    this.violations = violations;
  }
}

const methodNames = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

const unknownOperation: readonly Violation[] = Object.freeze([
  Object.freeze({ pointer: '', property: '', rule: 'operation', message: 'is not an operation of the contract' }),
]) as readonly Violation[];

const missingBody: Violation = Object.freeze({ pointer: '', property: '', rule: 'required', message: 'is required' });

interface Init {
  body?: unknown;
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
}

/**
 * A parameter group with each bigint as the digits the client sends (an int64 id beyond 2^53 - 1,
 * which A's and D's clients take as a bigint): the validator reads parameters from their text, as
 * a server does, so it holds those digits to the parameter's rule (int64's range included).
 */
function asSent(group: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!group || !Object.values(group).some((value) => typeof value === 'bigint')) return group;
  return Object.fromEntries(Object.entries(group).map(([name, value]) => [name, typeof value === 'bigint' ? String(value) : value]));
}

function requestViolations(route: OperationRoute, init: Init | undefined, options: ValidateOptions): Violation[] {
  const { operation, clientParameter } = route;
  const violations: Violation[] = [];
  if (operation.body && init?.body !== undefined) for (const violation of operation.body(init.body, options)) violations.push(violation);
  else if (operation.bodyRequired && init?.body === undefined) violations.push(missingBody);
  // The parameter validator never changes what it is given.
  for (const violation of operation.params({ path: asSent(init?.params?.path), query: asSent(init?.params?.query) }, options)) {
    const clientFilled = violation.rule === 'required' && clientParameter !== undefined && violation.pointer === `/path/${clientParameter}`;
    if (!clientFilled) violations.push(violation);
  }
  return violations;
}

const defaultReport = (report: ResponseViolationReport) => {
  console.warn(
    `contract: ${report.operationId} (${report.method.toUpperCase()} ${report.path}) answered ${report.status} with a body that breaks the contract: ${report.violations
      .map((v) => `${v.pointer || '(body)'} ${v.rule}`)
      .join(', ')}`,
  );
};

type Call = (url: string, init?: Init & Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

// A client in throw-on-error mode resolves to the success body alone, with no `response` to check
// against the contract: client-core marks it with this property (its THROWS_ON_ERROR; named here,
// as this package has no runtime dependency), and it is refused at compile time and at run time.
const THROWS_ON_ERROR = '~throwsOnError';
const WRONG_ORDER = 'wrap with withValidation first: throwOnError(withValidation(client, validators))';
/** The parameter a throw-on-error client meets: the message, which no client is assignable to. */
type NotThrowing<C> = C extends { readonly [THROWS_ON_ERROR]: true } ? typeof WRONG_ORDER : C;

// The interface a client is of, in its type alone: client-core's OfInterface (named here, as
// THROWS_ON_ERROR is). Every client package types its client with its interface's id, and each
// interface's `operations` carries the same id; a client or a table without one (the caller's own)
// is of no particular interface: `string`. The id is read without `undefined` (an optional
// property's, under exactOptionalPropertyTypes) and never distributed over a union: `'im-v1' |
// undefined` read as `'im-v1' | string` would be `string`, and take any validators.
type InterfaceId<Id> = [Exclude<Id, undefined>] extends [never] ? string : [Exclude<Id, undefined>] extends [string] ? Exclude<Id, undefined> : string;
type ClientInterface<C> = C extends { readonly '~interface'?: infer Id } ? InterfaceId<Id> : string;
type SetInterface<V> = V extends { operations: OfInterface<infer Id> } ? InterfaceId<Id> : string;
/**
 * The parameter validators meet: themselves when they are of the client's interface (or one of the
 * two is of none), else a message naming both, which no validator set is assignable to. B's
 * `POST /messages` checked with A's validators would pass B's requests that A's rules allow and
 * report B's documented answers as contract breaks.
 */
type OfSameInterface<C, V> = [ClientInterface<C>] extends [SetInterface<V>]
  ? V
  : [SetInterface<V>] extends [ClientInterface<C>]
    ? V
    : `validators of ${SetInterface<V>} given to a client of ${ClientInterface<C>}: use @messaging-contracts/validators/${ClientInterface<C>}`;

/**
 * `client` with contract validation: the same object shape, every HTTP method wrapped. Requests
 * that break the contract throw a ContractViolationError before any I/O; responses are checked
 * per `options.response`. Wrap the plain client: a client in throw-on-error mode is refused
 * (`throwOnError(withValidation(client, validators))` is the order). The validators must be of the
 * client's interface: `withValidation(createSmsClient(...), gatewayV1)` fails to compile. (`V`'s
 * default keeps a call that names `C` alone, `withValidation<MyClient>(...)`, compiling as before.)
 */
export function withValidation<C extends object, V extends ValidatorSet = ValidatorSet>(client: NotThrowing<C>, validators: OfSameInterface<C, V>, options: WithValidationOptions = {}): C {
  if ((client as Record<string, unknown>)[THROWS_ON_ERROR] === true) throw new TypeError(`withValidation got a client in throw-on-error mode: ${WRONG_ORDER}`);
  const { request = true, response = 'report', onResponseViolation = defaultReport, now, maxViolations } = options;
  const validateOptions: ValidateOptions = { ...(now && { now }), ...(maxViolations !== undefined && { maxViolations }) };
  const wrap = (method: string, call: Call): Call =>
    async function validated(url, init) {
      // Of the client's interface (or the caller's own): what OfSameInterface lets through.
      const route = findRoute(validators as ValidatorSet, method, url);
      if (request) {
        // Never the URL: it may carry credentials (`?apikey=`, `user:secret@`) or values.
        if (!route) throw new ContractViolationError(`${method.toUpperCase()} (not an operation of the contract)`, 'request', unknownOperation);
        const violations = requestViolations(route, init, validateOptions);
        if (violations.length > 0) throw new ContractViolationError(route.operation.operationId, 'request', violations);
      }
      const result = await call(url, init);
      if (response === 'off' || !route) return result;
      const status = result.response.status;
      const body = result.response.ok ? result.data : result.error;
      const validate = findResponseValidator(route.operation, status);
      // An empty body (openapi-fetch gives `undefined`) has nothing to check.
      if (!validate || body === undefined) return result;
      const violations = validate(body, validateOptions);
      if (violations.length === 0) return result;
      if (response === 'throw') throw new ContractViolationError(route.operation.operationId, 'response', violations, status);
      const { operationId, method: opMethod, path } = route.operation;
      onResponseViolation({ operationId, method: opMethod, path, status, violations });
      return result;
    };

  const source = client as unknown as Record<string, unknown>;
  const wrapped = Object.assign(Object.create(Object.getPrototypeOf(client) as object) as object, client) as Record<string, unknown>;
  for (const name of methodNames) {
    const call = source[name];
    if (typeof call === 'function') wrapped[name] = wrap(name.toLowerCase(), call.bind(client) as Call);
  }
  // openapi-fetch's `client.request(method, url, init)`.
  const generic = source.request;
  if (typeof generic === 'function') {
    wrapped.request = (method: string, url: string, init?: Init & Record<string, unknown>) =>
      wrap(String(method).toLowerCase(), (u, i) => generic.call(client, method, u, i))(url, init);
  }
  return wrapped as C;
}
