// The documented request examples of an operation as the verifier sends them. An example's date
// under the 60-day scheduling bound (`x-max-days-ahead`, section 8: B "2027-01-15…", A
// "2026-12-01…") is fixed text that falls in the past or beyond the bound on other days, so where a
// field carries that bound the verifier's choice is a time one day after its clock (the target's
// clock: real time, or the sandbox's with sandboxControl). Every other value is the document's.
import { hasPath, limitsOf, withValue } from './boundaries.js';
import { bundle, type Operation } from './contract.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One day after `now`, to the second, as the examples write date-times. */
export const scheduledFrom = (now: number) => new Date(Math.floor((now + DAY_MS) / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export function examplesOf(op: Operation, now: number): unknown[] {
  if (!op.bodySchema) return op.examples;
  const dated = limitsOf(bundle(op.api), op.bodySchema, '', op.bodySchemaName).filter((limit) => limit.keyword === 'x-max-days-ahead');
  if (dated.length === 0) return op.examples;
  return op.examples.map((example) => dated.reduce((body, limit) => (limit.path.length > 0 && hasPath(body, limit.path) ? withValue(body, limit.path, scheduledFrom(now)) : body), example));
}
