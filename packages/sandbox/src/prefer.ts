// Per-request control with the Prefer header, Prism's convention: `Prefer: code=<status>` answers
// this one request with a status the operation documents (an error status with its documented
// example, as a fault would; the success status is served as usual), and `Prefer: example=<name>`
// answers the response example of that name (a name several statuses have needs `code=` too). A
// status or name the operation does not document is refused with a 400 naming the documented ones.
// Sandbox choices, never the service's.
import type { Faults, FaultAnswer } from './faults.js';
import type { Finding } from './problems.js';
import type { Route } from './routes.js';

export type Preference = { answer: FaultAnswer } | { refusal: Finding } | undefined;

const refusal = (rule: string, message: string): Preference => ({
  refusal: { pointer: '/headers/prefer', property: 'prefer', rule, message },
});

/** The preferences of a Prefer header (RFC 7240): `code=429`, `example=accepted`; others ignored. */
function parse(header: string): { code?: string; example?: string } {
  const found: { code?: string; example?: string } = {};
  for (const part of header.split(/[,;]/)) {
    const [name, value] = part.split('=').map((s) => s.trim().replace(/^"|"$/g, ''));
    if (name?.toLowerCase() === 'code' && value) found.code = value;
    if (name?.toLowerCase() === 'example' && value) found.example = value;
  }
  return found;
}

/** Documented statuses, as a refusal lists them (letters, digits and spaces only: C's LongString). */
const listed = (route: Route) =>
  Object.keys(route.responses)
    .map((status) => (status === 'default' ? 'default any 4xx or 5xx' : status))
    .join(' ');

function namedExamples(route: Route, status: string): Record<string, { value?: unknown }> {
  return route.responses[status]?.content?.['application/json']?.examples ?? {};
}

// Which status a name picks (sandbox choice): with `code=`, that status's example of the name; without,
// the one status that has it. A name several statuses have (C's six errors each have `apiError` and
// `sampleShape`, section 7) is refused naming them, so the answer never depends on an order.
function byExample(route: Route, example: string, status: number | undefined, faults: Faults): Preference {
  const statuses = status !== undefined ? [String(status)] : Object.keys(route.responses);
  const having = statuses.filter((key) => Object.hasOwn(namedExamples(route, key), example));
  if (having.length > 1) {
    return refusal('prefer-example', `example ${example.replace(/[^-_ a-zA-Z0-9]/g, '')} is documented for statuses ${having.join(' ')} add code with one of them to choose`);
  }
  if (having.length === 0) {
    const names = [...new Set(statuses.flatMap((key) => Object.keys(namedExamples(route, key))))];
    return refusal('prefer-example', names.length > 0 ? `example must be a documented example name ${names.join(' ')}` : 'example names nothing this operation documents it has no named examples');
  }
  const key = having[0]!;
  const body = namedExamples(route, key)[example]!.value;
  const chosen = key === 'default' ? 500 : Number(key);
  // An error status answers as a fault of it would, with its headers (C's RetryAfter on a 429).
  if (chosen >= 400) return { answer: faults.answerFor({ operation: route.key, status: chosen, body }) };
  return { answer: { status: chosen, body, headers: {} } };
}

export function preference(route: Route, header: string | string[] | undefined, faults: Faults): Preference {
  if (typeof header !== 'string' || header === '') return undefined;
  const { code, example } = parse(header);
  if (code === undefined && example === undefined) return undefined;
  let status: number | undefined;
  if (code !== undefined) {
    status = /^\d{3}$/.test(code) ? Number(code) : NaN;
    const documented = route.responses[code] !== undefined || (route.responses.default !== undefined && status >= 400 && status <= 599);
    if (!documented) return refusal('prefer-code', `code must be a status this operation documents ${listed(route)}`);
  }
  if (example !== undefined) return byExample(route, example, status, faults);
  if (status === route.successStatus) return undefined;
  try {
    return { answer: faults.answerFor({ operation: route.key, status: status! }) };
  } catch {
    return refusal('prefer-code', `code must be a documented error or the success status of this operation ${listed(route)}`);
  }
}
