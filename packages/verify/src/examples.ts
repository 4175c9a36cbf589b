// The request examples of an operation as the verifier sends them. The examples are the bundle's
// (the spec document gives no example values). A date-time of a request body is a time the
// message or campaign is scheduled for (A's and B's `scheduled` under the 60-day bound of section
// 8, D's `schedule`, section 2.4), and the example's is fixed text (B "2027-01-15…", A
// "2026-12-01…", D "2024-03-15…") that falls in the past, or beyond the bound, on other days. So the
// verifier's choice is a time one day after its clock (the target's clock: real time, or the
// sandbox's with sandboxControl) in every request-body field of format date-time. Every other
// value is the bundle's example.
import { FREE_KEY, hasPath, withValue } from './boundaries.js';
import { bundle, deref, type Json, type Operation } from './contract.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One day after `now`, to the second, as the examples write date-times. */
export const scheduledFrom = (now: number) => new Date(Math.floor((now + DAY_MS) / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** The places of a body schema whose value is a date-time (limitsOf's path tokens), through every alternative. */
function dateTimePaths(document: Json, node: Json | undefined, path: string[] = [], depth = 0): string[][] {
  const schema = deref(document, node);
  if (!schema || schema.readOnly || depth > 10) return [];
  const here = schema.format === 'date-time' && path.length > 0 ? [path] : [];
  return [
    ...here,
    ...Object.entries((schema.properties ?? {}) as Json).flatMap(([name, child]) => dateTimePaths(document, child as Json, [...path, name], depth + 1)),
    ...(schema.type === 'array' && schema.items ? dateTimePaths(document, schema.items, [...path, '*'], depth + 1) : []),
    ...(schema.additionalProperties && typeof schema.additionalProperties === 'object' ? dateTimePaths(document, schema.additionalProperties, [...path, FREE_KEY], depth + 1) : []),
    ...([...(schema.oneOf ?? []), ...(schema.anyOf ?? [])] as Json[]).flatMap((alternative) => dateTimePaths(document, alternative, path, depth + 1)),
  ];
}

export function examplesOf(op: Operation, now: number): unknown[] {
  if (!op.bodySchema) return op.examples;
  const dated = dateTimePaths(bundle(op.api), op.bodySchema);
  if (dated.length === 0) return op.examples;
  return op.examples.map((example) => dated.reduce((body, path) => (hasPath(body, path) ? withValue(body, path, scheduledFrom(now)) : body), example));
}
