// The checks of one answer: what every answer must satisfy (a documented status, JSON where JSON
// is documented, a body and headers that validate, no server error) and what the request's purpose
// expects of it (accepted, refused in the interface's error shape, 401).
import { type Json, namedHeaders, type Operation, responseFor } from './contract.js';
import type { CheckResult, Recorder } from './report.js';
import { subsection } from './sections.js';
import { curlOf, type Exchange } from './transport.js';

/**
 * What the request was for: `accepted` (valid input), `refused` (input past a limit or invalid),
 * `unauthorized` (missing or wrong credentials), `failure` (a workflow step that must fail, such as
 * deleting a list that is gone: any documented failure, 5xx included), `any` (no expectation).
 */
export type Expectation = 'accepted' | 'refused' | 'unauthorized' | 'failure' | 'any';

const AUTH_SECTION = '5';
const ERROR_SECTION = '7';

/** A scalar header value against its schema (integer range, string length and pattern). */
export function headerProblem(schema: Json, value: string): string | undefined {
  if (schema.type === 'integer') {
    if (!/^-?\d+$/.test(value.trim())) return 'must be an integer';
    const n = Number(value.trim());
    if (typeof schema.minimum === 'number' && n < schema.minimum) return `must be at least ${schema.minimum}`;
    if (typeof schema.maximum === 'number' && n > schema.maximum) return `must be at most ${schema.maximum}`;
    return undefined;
  }
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return `must be at most ${schema.maxLength} characters`;
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return `must be at least ${schema.minLength} characters`;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) return 'must match the documented pattern';
  return undefined;
}

const describeViolations = (violations: readonly { pointer: string; message: string }[]) =>
  violations
    .slice(0, 5)
    .map((v) => `${v.pointer || '(body)'} ${v.message}`)
    .join('; ') + (violations.length > 5 ? `; and ${violations.length - 5} more` : '');

/** Top-level fields of an error body that the interface's error schema does not define (section 7). */
function foreignFields(body: unknown, fields: string[] | undefined): string[] {
  if (!fields || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !fields.includes(key));
}

/** Checks one answer and records every result; returns whether all passed. */
export function checkExchange(
  recorder: Recorder,
  operation: Operation,
  exchange: Exchange,
  subject: string,
  expect: Expectation,
  /** The name and section of the expectation's check, where the purpose has its own (`boundary-refused`, section 8). */
  label?: { check: string; section: string },
): boolean {
  const base = { operation: operation.name, subject, status: exchange.status, curl: curlOf(exchange.request) };
  let allPassed = true;
  const record = (check: string, section: string, problem: string | undefined) => {
    const result: CheckResult = { ...base, check, section, passed: problem === undefined, ...(problem !== undefined && { message: problem }) };
    if (problem === undefined) delete result.curl;
    recorder.add(result);
    if (problem !== undefined) allPassed = false;
  };
  const { status } = exchange;
  const endpoints = subsection(operation.api, 4);

  if (status === 0) {
    record('answers', endpoints, exchange.notJson ?? 'no answer');
    return false;
  }

  // What the request's purpose expects.
  const documented = responseFor(operation, status);
  if (expect === 'accepted') {
    const successes = operation.responses.filter((r) => /^2\d\d$/.test(r.key)).map((r) => r.key);
    record(label?.check ?? 'accepted', label?.section ?? endpoints, successes.includes(String(status)) ? undefined : `status ${status}, expected ${successes.join(' or ')}`);
  } else if (expect === 'refused') {
    const refusal = status >= 400 && status < 500 && documented !== undefined;
    record(label?.check ?? 'refused', label?.section ?? ERROR_SECTION, refusal ? undefined : `status ${status}, expected a documented 4xx refusal`);
  } else if (expect === 'unauthorized') {
    record(label?.check ?? 'auth-401', label?.section ?? AUTH_SECTION, status === 401 ? undefined : `status ${status}, expected 401`);
  }

  // What every answer must satisfy.
  if (expect !== 'failure' && (expect !== 'refused' || status >= 500)) {
    record('no-server-error', ERROR_SECTION, status >= 500 ? `status ${status}` : undefined);
  }
  record('status-documented', endpoints, documented ? undefined : `status ${status} is not documented (documented: ${operation.responses.map((r) => r.key).join(', ')})`);
  if (!documented) return allPassed;

  const failure = status >= 400;
  const bodyCheck = failure ? 'error-shape' : 'response-body';
  const bodySection = failure ? ERROR_SECTION : subsection(operation.api, 2);
  const validator = operation.validators.responses[documented.key];
  const jsonDocumented = documented.mediaTypes.some((t) => t === 'application/json' || t.endsWith('+json'));
  if (jsonDocumented && exchange.text.length > 0) {
    const contentType = (exchange.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    record('content-type', endpoints, contentType === 'application/json' || contentType.endsWith('+json') ? undefined : `content-type ${contentType || '(none)'}, expected application/json`);
  }
  if (validator) {
    if (exchange.json === undefined && !(exchange.notJson === 'empty body' && !jsonDocumented)) {
      record(bodyCheck, bodySection, `${exchange.notJson ?? 'no body'}; the ${documented.key} response documents a JSON body`);
    } else {
      const violations = validator(exchange.json);
      const foreign = failure ? foreignFields(exchange.json, documented.fields) : [];
      const problems = [
        ...(violations.length > 0 ? [describeViolations(violations)] : []),
        ...(foreign.length > 0 ? [`fields ${foreign.join(', ')} are not part of this interface's error shape`] : []),
      ];
      record(bodyCheck, bodySection, problems.length > 0 ? problems.join('; ') : undefined);
    }
  }
  const headerProblems: string[] = [];
  for (const [name, header] of Object.entries(documented.headers)) {
    const value = exchange.headers.get(name);
    if (value === null) {
      // Expected where the bundle marks it required (D's Location, section 4.4); an optional one
      // may be absent.
      if (header.required) headerProblems.push(`${name} is missing`);
      continue;
    }
    const problem = headerProblem(header.schema, value);
    if (problem) headerProblems.push(`${name} ${problem}`);
  }
  // Section 8 defines headers for C without saying which responses carry them: wherever one
  // arrives, it must keep to its definition.
  const named = Object.entries(namedHeaders(operation.api)).filter(([name]) => !(name in documented.headers) && exchange.headers.get(name) !== null);
  for (const [name, schema] of named) {
    const problem = headerProblem(schema, exchange.headers.get(name)!);
    if (problem) headerProblems.push(`${name} ${problem}`);
  }
  if (Object.keys(documented.headers).length > 0 || named.length > 0) {
    record('response-headers', endpoints, headerProblems.length > 0 ? headerProblems.join('; ') : undefined);
  }
  return allPassed;
}
