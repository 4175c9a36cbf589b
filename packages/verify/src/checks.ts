// The checks of one answer: what every answer must satisfy (a documented status, JSON where JSON
// is documented, a body and headers that validate, no server error) and what the request's purpose
// expects of it (accepted, refused in the interface's error shape, 401).
import { API_IDS, type ApiId, type Json, namedHeaders, type Operation, operationsOf, responseFor } from './contract.js';
import { letterOf } from './sections.js';
import type { CheckResult, Recorder } from './report.js';
import { subsection } from './sections.js';
import { curlOf, type Exchange } from './transport.js';

/**
 * What the request was for: `accepted` (valid input), `accepted-or-refused` (a generated body: the
 * schema's valid values include some a service rightly refuses, as B's destination "a mobile
 * number" the schema does not pattern, section 2.2), `documented` (a request without body: its
 * success, or another status the operation lists by itself, as B's description's 404, section
 * 4.2), `accepted-or-unresolved` (a body at a limit that is not an example as the bundle gives it:
 * its success, or a status the operation lists by itself for well-formed data that names something
 * the service has not or cannot process, C's 404 and 422, section 7), `refused` (input past a limit or invalid),
 * `unauthorized` (missing or wrong credentials), `succeeds` (a workflow step whose criteria require
 * a success status: they judge it, and a 5xx is a server error), `failure` (a workflow step that must
 * fail: any documented failure, 5xx included), `any` (no expectation).
 *
 * A refusal is a documented 4xx, or the status a `default` response is described as (D's 500,
 * section 7: "default response is described as 500"), since that is the documented failure answer.
 */
export type Expectation = 'accepted' | 'accepted-or-refused' | 'accepted-or-unresolved' | 'documented' | 'refused' | 'unauthorized' | 'succeeds' | 'failure' | 'any';

/**
 * Section 7 (C): 404 "resource not found" and 422 "data correct but cannot be processed". A body
 * the verifier built carries values that are not the bundle's (a random `template_id`, a media
 * `url`, a delivery attempt's `event`, whose values are not shown) that a real service may not
 * have, so where the operation lists these by itself they are no refusal of the limit.
 */
const UNRESOLVED = ['404', '422'];

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

/** The top-level fields of an interface's error shapes: every failure response's schema (section 7). */
/**
 * The interfaces whose answers' media type the document states: A's responses (section 4.1), and
 * B's and C's requests, which send `Accept: application/json` (sections 4.2, 4.3; for B's look-up
 * section 4.2 lists `Accept` without a value, and `application/json` there is the verifier's
 * reading, README "Choices"). D's (section 4.4) is only the introduction's "All request and
 * response bodies are JSON".
 */
const MEDIA_TYPE_STATED: ReadonlySet<ApiId> = new Set(['gateway-v1', 'sms-v2', 'im-v1']);

const errorFieldsCache = new Map<ApiId, Set<string>>();
function errorFieldsOf(api: ApiId): Set<string> {
  let fields = errorFieldsCache.get(api);
  if (!fields) {
    const failures = operationsOf(api).flatMap((op) => op.responses.filter((r) => r.key === 'default' || /^[45]/.test(r.key)));
    fields = new Set(failures.flatMap((r) => r.fields ?? []));
    errorFieldsCache.set(api, fields);
  }
  return fields;
}

/**
 * Top-level fields of an error body that belong to another interface's error shape: not in this
 * interface's schema, and in another's (A's `code` in B's body). For a note only (noteForeignFields).
 */
function foreignFields(api: ApiId, body: unknown, own: string[] | undefined): { fields: string[]; apis: ApiId[] } {
  if (!own || body === null || typeof body !== 'object' || Array.isArray(body)) return { fields: [], apis: [] };
  const others = API_IDS.filter((other) => other !== api);
  const fields = Object.keys(body).filter((key) => !own.includes(key) && others.some((other) => errorFieldsOf(other).has(key)));
  return { fields, apis: others.filter((other) => fields.some((field) => errorFieldsOf(other).has(field))) };
}

/**
 * The verifier's heuristic, a note and not a failure: section 7 lists each interface's error shape
 * and does not forbid other fields (nor do the bundles), so a body that also carries another
 * interface's field is allowed; it is named because it often means the wrong error handler answered.
 */
function noteForeignFields(recorder: Recorder, operation: Operation, status: number, body: unknown, own: string[] | undefined) {
  const foreign = foreignFields(operation.api, body, own);
  if (foreign.fields.length === 0) return;
  const text = `${operation.name}: a ${status} error body carries ${foreign.fields.join(', ')}, of another interface's error shape (${foreign.apis.join(', ')}), beside ${letterOf(operation.api)}'s own fields; section 7 does not forbid other fields, so this is a note, not a failure`;
  if (!recorder.notes.includes(text)) recorder.note(text);
}

/**
 * Whether `status` is a refusal on this operation: a documented 4xx, or the status its `default`
 * response is described as (D's 500, section 7). A 5xx otherwise, or no answer, is none.
 */
export function isRefusal(operation: Operation, status: number): boolean {
  const documented = responseFor(operation, status);
  return documented !== undefined && ((status >= 400 && status < 500) || documented.describedAs === status);
}

/** What a refusal is on this operation, for messages. */
const refusalText = (operation: Operation) => {
  const described = operation.responses.find((r) => r.describedAs !== undefined)?.describedAs;
  return described === undefined ? 'a documented 4xx refusal' : `a documented refusal (a 4xx, or the default ${described}, section 7)`;
};

/** Checks one answer and records every result; returns whether all passed. */
export function checkExchange(
  recorder: Recorder,
  operation: Operation,
  exchange: Exchange,
  subject: string,
  expect: Expectation,
  /** The name and section of the expectation's check, where the purpose has its own (`boundary-refused`, section 8). */
  label: { check: string; section: string } | undefined,
  /** The target's clock, for "at most 60 days ahead" in response bodies (section 8): the sandbox's with `sandboxControl`, else real time. */
  now: number,
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
  const successes = operation.responses.filter((r) => /^2\d\d$/.test(r.key)).map((r) => r.key);
  const success = successes.includes(String(status));
  // D's failures: "default response is described as 500" (section 7).
  const describedFailure = documented !== undefined && documented.describedAs === status;
  const refusal = isRefusal(operation, status);
  if (expect === 'accepted') {
    record(label?.check ?? 'accepted', label?.section ?? endpoints, success ? undefined : `status ${status}, expected ${successes.join(' or ')}`);
  } else if (expect === 'accepted-or-refused') {
    record(label?.check ?? 'accepted', label?.section ?? endpoints, success || refusal ? undefined : `status ${status}, expected ${successes.join(' or ')} or ${refusalText(operation)}`);
  } else if (expect === 'accepted-or-unresolved') {
    const unresolved = UNRESOLVED.filter((key) => operation.responses.some((r) => r.key === key));
    record(
      label?.check ?? 'accepted',
      label?.section ?? endpoints,
      success || unresolved.includes(String(status)) ? undefined : `status ${status}, expected ${[...successes, ...unresolved].join(' or ')}`,
    );
  } else if (expect === 'documented') {
    // The success, or a non-5xx status the operation lists by itself (not through `default`).
    const listed = operation.responses.filter((r) => /^[1-4]\d\d$/.test(r.key)).map((r) => r.key);
    record(label?.check ?? 'accepted', label?.section ?? endpoints, listed.includes(String(status)) ? undefined : `status ${status}, expected ${listed.join(' or ')}`);
  } else if (expect === 'refused') {
    record(label?.check ?? 'refused', label?.section ?? ERROR_SECTION, refusal ? undefined : `status ${status}, expected ${refusalText(operation)}`);
  } else if (expect === 'unauthorized') {
    // 401 where the operation documents it (B and C, sections 5 and 7); A and D name HTTP Basic
    // and show no status, so any documented 4xx refusal (401, 403) in the error shape.
    const documents401 = operation.responses.some((r) => r.key === '401');
    const problem = documents401
      ? status === 401
        ? undefined
        : `status ${status}, expected 401`
      : refusal
        ? undefined
        : `status ${status}, expected ${refusalText(operation)} (section 5 shows no status for ${letterOf(operation.api)})`;
    record(label?.check ?? 'auth-401', label?.section ?? AUTH_SECTION, problem);
  }

  // What every answer must satisfy: no 5xx, except D's documented failure answer (the default
  // response "described as 500", section 7) where a failure may come, that is wherever success was
  // not required (a refusal, a generated body, a workflow step left open); where success was, it
  // still fails.
  const successRequired = expect === 'accepted' || expect === 'accepted-or-unresolved' || expect === 'documented' || expect === 'succeeds';
  if (expect !== 'failure' && (expect !== 'refused' || status >= 500)) {
    record('no-server-error', ERROR_SECTION, status >= 500 && !(describedFailure && !successRequired) ? `status ${status}` : undefined);
  }
  record('status-documented', endpoints, documented ? undefined : `status ${status} is not documented (documented: ${operation.responses.map((r) => r.key).join(', ')})`);
  if (!documented) return allPassed;

  const failure = status >= 400;
  const bodyCheck = failure ? 'error-shape' : 'response-body';
  const bodySection = failure ? ERROR_SECTION : subsection(operation.api, 2);
  const validator = operation.validators.responses[documented.key];
  const jsonDocumented = documented.mediaTypes.some((t) => t === 'application/json' || t.endsWith('+json'));
  if (jsonDocumented && exchange.text.length > 0) {
    // Exactly a documented media type, its parameters (charset) aside, where the document states
    // it: A's responses are application/json (section 4.1), so neither problem+json nor A's vendor
    // type will do. D's section 4.4 states none, only the introduction's "bodies are JSON": there
    // any JSON media type passes (the verifier's reading, README "Choices").
    // An operation whose success is documented without a schema is B's description (section 4.2:
    // "200, no body schema", its request "none", so no `Accept: application/json` either): only
    // the opening states its bodies JSON, as for D, its 401 and 404 as much as its 200.
    const contentType = (exchange.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const types = documented.mediaTypes.map((t) => t.toLowerCase());
    const requestNone = operation.responses.some((r) => /^2\d\d$/.test(r.key) && r.mediaTypes.length > 0 && r.schema === undefined);
    const stated = MEDIA_TYPE_STATED.has(operation.api) && !requestNone;
    const json = !stated && /^application\/([\w.-]+\+)?json$/.test(contentType);
    record('content-type', endpoints, types.includes(contentType) || json ? undefined : `content-type ${contentType || '(none)'}, expected ${types.join(' or ')}`);
  }
  if (validator) {
    if (exchange.json === undefined && !(exchange.notJson === 'empty body' && !jsonDocumented)) {
      record(bodyCheck, bodySection, `${exchange.notJson ?? 'no body'}; the ${documented.key} response documents a JSON body`);
    } else {
      const violations = validator(exchange.json, { now: () => now });
      if (failure) noteForeignFields(recorder, operation, status, exchange.json, documented.fields);
      record(bodyCheck, bodySection, violations.length > 0 ? describeViolations(violations) : undefined);
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
