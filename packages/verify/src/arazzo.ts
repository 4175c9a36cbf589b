// A runner of the Arazzo 1.0 workflows in specs/<id>/workflows/ (carried as data in
// src/generated/workflows.ts). It runs the subset those files use: operationId steps, parameters,
// request payloads, outputs, simple conditions (`==`, `!=`, `>=`, `<=`, `>`, `<`, joined by `&&`
// and `||`, no parentheses; `null` also matches an absent value) over runtime
// expressions ($statusCode, $request.body#/pointer, $response.body#/pointer, $response.header.<name>,
// $inputs.<name>, $steps.<id>.outputs.<name>) and jsonpath criteria `$[?@.<field> == {<expression>}]`.
// It ignores Redocly's `x-security` (the credentials are this package's own options).
// Its own runner rather than `redocly respect`: every request must pass this package's live guard,
// request budget, pacing, 429 handling and credential redaction, and each answer its checks; respect
// would send on its own, print requests its own way, and make @redocly/cli (and its dependencies) a
// run-time dependency of a published package. The files stay standard Arazzo, linted by Redocly.
import type { Operation } from './contract.js';
import type { Expectation } from './checks.js';
import type { RequestInput } from './requests.js';
import type { Exchange } from './transport.js';

export interface Criterion {
  condition: string;
  context?: string;
  type?: string;
}
export interface Step {
  stepId: string;
  operationId: string;
  description?: string;
  parameters?: { name: string; in: string; value: unknown }[];
  requestBody?: { contentType?: string; payload?: unknown };
  successCriteria?: Criterion[];
  outputs?: Record<string, string>;
  [key: string]: unknown;
}
export interface Workflow {
  workflowId: string;
  summary?: string;
  inputs?: { properties?: Record<string, unknown>; [key: string]: unknown };
  steps: Step[];
  [key: string]: unknown;
}
export interface WorkflowFile {
  api: string;
  file: string;
  document: { arazzo: string; workflows: Workflow[]; [key: string]: unknown };
}

export interface WorkflowHost {
  operation(operationId: string): Operation;
  /** Sends and checks the step's request; undefined in a dry run. */
  send(operation: Operation, input: RequestInput, subject: string, expect: Expectation): Promise<Exchange | undefined>;
  /** Called with each step's request before it is sent (the verifier's authentication checks of the ids the run created). */
  beforeSend?(operation: Operation, input: RequestInput, subject: string): Promise<void>;
  /** Records the result of one success criterion on the step's exchange: passed without a problem. */
  criterion(operation: Operation, subject: string, exchange: Exchange, problem?: string): void;
  /** Records a step not sent, and why (a required parameter it would have sent without a value). */
  unsent(operation: Operation, subject: string, problem: string): void;
  note(text: string): void;
  /** Whether two values are equal for `==` and `!=` (B's uuids in either letter case); default strict. */
  equal?(a: unknown, b: unknown): boolean;
}

interface Scope {
  inputs: Record<string, unknown>;
  equal?: (a: unknown, b: unknown) => boolean;
  steps: Record<string, Record<string, unknown>>;
  /** Each step's answer status: what a missing output came from. */
  statuses?: Record<string, number>;
  exchange?: Exchange;
}

function pointer(value: unknown, ptr: string): unknown {
  if (ptr === '' || ptr === '/') return ptr === '' ? value : (value as any)?.[''];
  return ptr
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as any)[key] : undefined), value);
}

const EXPRESSION = /^\$(statusCode|request\.body|response\.body|response\.header\.|inputs\.|steps\.)/;

function requestBody(exchange: Exchange | undefined): unknown {
  try {
    return exchange?.request.body === undefined ? undefined : JSON.parse(exchange.request.body);
  } catch {
    return undefined;
  }
}

/** The value of one runtime expression; a string that is not one is itself. */
export function evaluate(expression: string, scope: Scope): unknown {
  if (!EXPRESSION.test(expression)) return expression;
  const [head, ptr] = expression.includes('#') ? [expression.slice(0, expression.indexOf('#')), expression.slice(expression.indexOf('#') + 1)] : [expression, undefined];
  let value: unknown;
  if (head === '$statusCode') value = scope.exchange?.status;
  // The body as it came on the wire: an int64 id beyond 2^53 as its digits (exact-json.ts).
  else if (head === '$response.body') value = scope.exchange?.exact ?? scope.exchange?.json;
  else if (head === '$request.body') value = requestBody(scope.exchange);
  else if (head.startsWith('$response.header.')) value = scope.exchange?.headers.get(head.slice('$response.header.'.length)) ?? undefined;
  else if (head.startsWith('$inputs.')) value = scope.inputs[head.slice('$inputs.'.length)];
  else if (head.startsWith('$steps.')) {
    const [, stepId, outputs, name] = head.split('.');
    value = outputs === 'outputs' ? scope.steps[stepId!]?.[name!] : undefined;
  }
  return ptr === undefined ? value : pointer(value, ptr);
}

/** A payload with every runtime expression in it replaced by its value. */
function resolve(payload: unknown, scope: Scope): unknown {
  if (typeof payload === 'string') return evaluate(payload, scope);
  if (Array.isArray(payload)) return payload.map((item) => resolve(item, scope));
  if (payload !== null && typeof payload === 'object') return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, resolve(v, scope)]));
  return payload;
}

function literal(text: string, scope: Scope): unknown {
  // `{$...}`: a runtime expression embedded in a string (Arazzo 1.0, "Runtime Expressions").
  const t = text.trim().replace(/^\{(\$[^{}]+)\}$/, '$1');
  if (EXPRESSION.test(t)) return evaluate(t, scope);
  if (t === 'null') return null;
  if (t === 'true' || t === 'false') return t === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^'.*'$|^".*"$/.test(t)) return t.slice(1, -1);
  return t;
}

function compare(left: unknown, op: string, right: unknown, equal?: (a: unknown, b: unknown) => boolean): boolean {
  // Numbers and numeric strings compare as numbers (a path value is text, a body value a number).
  const numeric = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined);
  const [l, r] = [numeric(left), numeric(right)];
  // Integers compare exactly (an int64 id beyond 2^53 is kept as its digits).
  const integer = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : undefined);
  const [li, ri] = [integer(left), integer(right)];
  // `null` stands for a value that is absent too (an optional field the answer leaves out).
  const absent = (v: unknown) => v === undefined || v === null;
  const same = () =>
    li !== undefined && ri !== undefined
      ? li === ri
      : l !== undefined && r !== undefined
        ? l === r
        : (absent(left) && absent(right)) || JSON.stringify(left) === JSON.stringify(right) || Boolean(equal?.(left, right));
  switch (op) {
    case '==':
      return same();
    case '!=':
      return !same();
    default:
      if (l === undefined || r === undefined) return false;
      return op === '>=' ? l >= r : op === '<=' ? l <= r : op === '>' ? l > r : l < r;
  }
}

/** Whether a criterion holds; `undefined` when it uses syntax this runner does not know. */
export function holds(criterion: Criterion, scope: Scope): boolean | undefined {
  if ((criterion.type ?? 'simple') === 'simple') {
    // Arazzo's logical operators, without parentheses: `||` of `&&` of comparisons.
    if (criterion.condition.includes('||') || criterion.condition.includes('&&')) {
      const results = criterion.condition.split('||').map((any) => any.split('&&').map((all) => holds({ condition: all.trim() }, scope)));
      if (results.flat().includes(undefined)) return undefined;
      return results.some((all) => all.every(Boolean));
    }
    const match = /^(.+?)\s*(==|!=|>=|<=|>|<)\s*(.+)$/.exec(criterion.condition);
    if (!match) return undefined;
    return compare(literal(match[1]!, scope), match[2]!, literal(match[3]!, scope), scope.equal);
  }
  if (criterion.type === 'jsonpath') {
    const match = /^\$\[\?\(?@\.(\w+)\s*(==|!=)\s*(.+?)\)?\]$/.exec(criterion.condition.trim());
    if (!match) return undefined;
    const context = criterion.context ? evaluate(criterion.context, scope) : undefined;
    const items = Array.isArray(context) ? context : [];
    const want = literal(match[3]!, scope);
    return items.some((item) => compare((item as any)?.[match[1]!], match[2]!, want, scope.equal));
  }
  return undefined;
}

/** A step that must fail names a status of 400 or more in its criteria; one that must succeed, a 2xx. */
function expectationOf(step: Step): Expectation {
  const criteria = step.successCriteria ?? [];
  if (criteria.some((c) => /^\$statusCode\s*(>=|==|>)\s*[45]\d\d\s*$/.test(c.condition))) return 'failure';
  if (criteria.some((c) => /^\$statusCode\s*==\s*2\d\d\s*$/.test(c.condition))) return 'succeeds';
  return 'any';
}

export async function runWorkflow(host: WorkflowHost, file: WorkflowFile, workflow: Workflow, inputs: Record<string, unknown>): Promise<void> {
  const scope: Scope = { inputs, steps: {}, statuses: {}, ...(host.equal && { equal: (a: unknown, b: unknown) => host.equal!(a, b) }) };
  for (const step of workflow.steps) {
    const operation = host.operation(step.operationId);
    const subject = `workflow ${workflow.workflowId}, step ${step.stepId}`;
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    for (const parameter of step.parameters ?? []) {
      const value = resolve(parameter.value, scope);
      if (parameter.in === 'path') path[parameter.name] = value;
      else if (parameter.in === 'query') query[parameter.name] = value;
    }
    const body = step.requestBody ? resolve(step.requestBody.payload, scope) : undefined;
    const input: RequestInput = { path, query, ...(body !== undefined && { body }) };
    // A request without a required parameter is never sent: it could only be refused, and that
    // refusal would be blamed on the target (section 4's required parameters).
    const missing = missingParameter(workflow, step, operation, input, scope);
    if (missing) {
      host.unsent(operation, subject, missing);
      const rest = workflow.steps.slice(workflow.steps.indexOf(step) + 1).map((s) => s.stepId);
      if (rest.length > 0) host.note(`${file.file} ${workflow.workflowId}: steps ${rest.join(', ')} not run, as step ${step.stepId} was not sent`);
      return;
    }
    await host.beforeSend?.(operation, input, subject);
    const exchange = await host.send(operation, input, subject, expectationOf(step));
    if (!exchange) {
      // Dry run: later steps show where this step's outputs would go.
      scope.steps[step.stepId] = Object.fromEntries(Object.keys(step.outputs ?? {}).map((name) => [name, `{$steps.${step.stepId}.outputs.${name}}`]));
      continue;
    }
    scope.exchange = exchange;
    scope.statuses![step.stepId] = exchange.status;
    let passed = true;
    for (const criterion of step.successCriteria ?? []) {
      const result = holds(criterion, scope);
      const text = criterion.type && criterion.type !== 'simple' ? `${criterion.context ?? ''} ${criterion.condition}` : criterion.condition;
      if (result === undefined) {
        host.criterion(operation, `${subject}: ${text}`, exchange, `${file.file}: this runner does not support the criterion`);
        passed = false;
        continue;
      }
      host.criterion(operation, `${subject}: ${text}`, exchange, result ? undefined : `does not hold (status ${exchange.status})`);
      passed &&= result;
    }
    scope.steps[step.stepId] = Object.fromEntries(Object.entries(step.outputs ?? {}).map(([name, expression]) => [name, evaluate(expression, scope)]));
    if (!passed) {
      const rest = workflow.steps.slice(workflow.steps.indexOf(step) + 1).map((s) => s.stepId);
      if (rest.length > 0) host.note(`${file.file} ${workflow.workflowId}: steps ${rest.join(', ')} not run, as step ${step.stepId} failed`);
      return;
    }
  }
}

/** Why a step cannot be sent: a required path or query parameter without a value, and where it was to come from. */
function missingParameter(workflow: Workflow, step: Step, operation: Operation, input: RequestInput, scope: Scope): string | undefined {
  for (const parameter of step.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const documented = operation.parameters.find((p) => p.name === parameter.name && p.in === parameter.in);
    const value = (parameter.in === 'path' ? input.path : input.query)?.[parameter.name];
    if (!documented?.required || (value !== undefined && value !== null)) continue;
    const from = typeof parameter.value === 'string' ? /^\$steps\.([^.]+)\.outputs\.(.+)$/.exec(parameter.value) : null;
    const source = from ? workflow.steps.find((s) => s.stepId === from[1]) : undefined;
    const expression = source?.outputs?.[from![2]!];
    const status = source ? scope.statuses?.[source.stepId] : undefined;
    const origin =
      source && expression
        ? `, which step ${source.stepId} did not give (its ${status === undefined ? '' : `${status} `}reply carried no ${expression.replace(/^\$response\.body#/, '')})`
        : '';
    return `not sent: its required ${parameter.in} parameter ${parameter.name} comes from ${String(parameter.value)}${origin}; the workflow requires it, the verifier's choice where the contract does not (README, "The verifier's choices")`;
  }
  return undefined;
}
