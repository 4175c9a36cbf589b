// Each interface keeps its own documented error shape (section 7); they are never unified:
// A DefaultError {message, code 100-600}; B {message, statusCode, error}; C APIError {code, message,
// errors[] of {field, code, description}}; D DefaultError {code, message}, and a plain JSON string
// from the two delete endpoints (whose `default` response schema is a string in the bundle).
import { STATUS_CODES } from 'node:http';
import { toSafeText } from '@messaging-contracts/validators';
import type { ApiId } from './contract.js';
import { type Finding, type Problem, describeFinding } from './problems.js';
import type { Route } from './routes.js';

/** C's APIError allows at most 100 errors (section 8). */
const MAX_C_ERRORS = 100;
// C's LongString and ShortString: `^[-_ a-zA-Z0-9]+$` (section 2.3). A pattern as a limit would not
// survive that, so C's descriptions name the rule without it.
const longString = (text: string, max: number) => toSafeText(text, max);

function detail(problem: Problem): string {
  const findings = problem.findings ?? [];
  return findings.length === 0 ? problem.message : `${problem.message}: ${findings.map((finding) => describeFinding(finding)).join('; ')}`;
}

/**
 * Where a finding of C's is, for its `field` (a ShortString: no `/`): the pointer's segments after
 * `/body`, joined by spaces (`message text body`, `delivery_attempts 0 first timeout`), so that a
 * nested field named `body` is not read as the request body; `body` for the body itself, and the
 * other places as they are (`headers content-type`). The sandbox's choice: section 2.3 gives
 * `field` a ShortString and no form.
 */
function cWhere(pointer: string): string {
  const segments = pointer.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  return (segments[0] === 'body' && segments.length > 1 ? segments.slice(1) : segments).join(' ');
}

/**
 * C's description: where, what it must be, the rule and a number limit, as LongString allows
 * (`message text body must match the pattern the contract gives it letters digits space - and _
 * only no punctuation rule pattern`). A pattern cannot be written in a LongString, so it is named,
 * not quoted (it was quoted with its punctuation dropped, `1-9 d 1 14`, which read as noise).
 */
function cDescription(finding: Finding): string {
  const where = cWhere(finding.pointer);
  const what = finding.rule === 'pattern' && typeof finding.limit === 'string' ? finding.message.replace(finding.limit, 'the pattern the contract gives it') : finding.message;
  const limit = finding.limit === undefined || typeof finding.limit === 'string' ? '' : ` ${finding.limit}`;
  return `${where && `${where} `}${what} rule ${finding.rule}${limit}`;
}

function cError(status: number, finding: Finding) {
  const field = finding.pointer === '' ? undefined : longString(cWhere(finding.pointer), 256);
  return { ...(field && { field }), code: status, description: longString(cDescription(finding), 10_000) };
}

/** The body of `problem` in the shape of `api` (and of `route`, for D's delete endpoints). */
export function errorBody(api: ApiId, route: Route | null | undefined, problem: Problem): unknown {
  const { status } = problem;
  switch (api) {
    case 'gateway-v1':
      return { message: detail(problem), code: status };
    case 'sms-v2':
      return { message: detail(problem), statusCode: status, error: STATUS_CODES[status] ?? 'Error' };
    case 'im-v1':
      return {
        code: status,
        message: longString(problem.message, 10_000),
        errors: (problem.findings ?? []).slice(0, MAX_C_ERRORS).map((finding) => cError(status, finding)),
      };
    case 'campaign-manager-v1':
      return answersWithString(route) ? detail(problem) : { code: status, message: detail(problem) };
  }
}

/** D's delete endpoints: the documented failure body is a JSON string. */
export function answersWithString(route: Route | null | undefined): boolean {
  const schema = route?.responses.default?.content?.['application/json']?.schema;
  return schema?.type === 'string';
}
