// The plan of a run, counted from the requests it would send (a dry run prints it): its size per
// interface, the budget it must fit and the time the pacing implies (README, "Safety"), and what a
// run leaves on the target. Counted from the requests themselves, never restated by hand.
import type { Expectation } from './checks.js';
import { API_IDS, type ApiId } from './contract.js';
import { bareNameOf, type Naming } from './option-names.js';
import { counted } from './plural.js';

export interface PlannedRequest {
  api: ApiId;
  /** `<id>.<operationId>`. */
  operation: string;
  method: string;
  /** The credentials given (not missing or wrong ones). */
  authenticated: boolean;
  /** D's deletes: the operations the verifier sends only on ids the run created. */
  destructive: boolean;
  expect: Expectation;
}

/** A POST with the credentials given, not meant to be refused: at most, each leaves a message, list or campaign. */
const mayCreate = (r: PlannedRequest) => r.method === 'POST' && !r.destructive && r.authenticated && !['refused', 'unauthorized', 'failure'].includes(r.expect);

/** `a 2, b 1`, per operation in the order first planned. */
function perOperation(requests: PlannedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.operation, (counts.get(r.operation) ?? 0) + 1);
  return [...counts].map(([operation, n]) => `${operation} ${n}`).join(', ');
}

/**
 * The plan's lines. `label` (`with --live`) marks a plan of a run that would be refused as asked:
 * each line's key then says which run it is of (`plan (with --live): …`).
 */
export function planLines(planned: PlannedRequest[], limits: { maxRequests: number; intervalMs: number; naming: Naming; label?: string }): string[] {
  const n = planned.length;
  const budget = bareNameOf('maxRequests', limits.naming);
  const perApi = API_IDS.filter((api) => planned.some((r) => r.api === api)).map((api) => `${api} ${planned.filter((r) => r.api === api).length}`);
  const over = n - limits.maxRequests;
  const created = planned.filter(mayCreate);
  const deletes = planned.filter((r) => r.destructive && r.authenticated);
  const lines = [
    `plan: ${counted(n, 'request')} (${perApi.join(', ')})`,
    over > 0
      ? `budget: ${counted(limits.maxRequests, 'request')} (${budget}): the plan is over it by ${over}; the run would stop with exit 2 when it is spent. Raise ${budget} or narrow the run with ${bareNameOf('apis', limits.naming)}`
      : `budget: ${counted(limits.maxRequests, 'request')} (${budget}): the plan fits (${n})`,
    `pacing: ${limits.intervalMs} ms between requests: at least ${((Math.max(n - 1, 0) * limits.intervalMs) / 1000).toFixed(1)} s, and the answers' time and the callbacks' wait on top`,
    // What stays: every accepted POST made a message, list or campaign; only the workflows delete, and only lists.
    `leaves: at most ${created.length > 0 ? perOperation(created) : 'nothing'} (requests with the credentials given that may be accepted: each a message sent, a list or a campaign created; no operation of D cancels a scheduled campaign)`,
    `deletes: ${deletes.length > 0 ? `only what the run created: ${perOperation(deletes)}` : 'nothing'}`,
  ];
  return limits.label === undefined ? lines : lines.map((line) => line.replace(/^(\w+):/, `$1 (${limits.label}):`));
}
