// The verifier's check `one-per-destination` (section 2.1: "BroadcastRestResponse: array with one
// object per destination"): a schema cannot count against the request, so the reply's length is
// compared with the destinations sent. Derived from the bundle: it applies where a success answer
// is an array of objects that name a `destination`, and the request's `destination` is an array.
import type { Exchange } from './transport.js';
import type { Operation } from './contract.js';
import type { Recorder } from './report.js';
import { subsection } from './sections.js';
import { counted } from './plural.js';

/** Whether the operation's success answer is one object per destination of its request. */
function onePerDestination(op: Operation, status: number): boolean {
  const schema = op.responses.find((r) => r.key === String(status) && /^2/.test(r.key))?.schema;
  return schema?.type === 'array' && schema.items?.properties?.destination !== undefined && op.bodySchema?.properties?.destination?.type === 'array';
}

export function checkOnePerDestination(recorder: Recorder, op: Operation, answer: Exchange, body: unknown, subject: string, curl: string): void {
  if (!onePerDestination(op, answer.status) || !Array.isArray(answer.json)) return;
  const destinations = (body as { destination?: unknown } | undefined)?.destination;
  if (!Array.isArray(destinations)) return;
  const passed = answer.json.length === destinations.length;
  recorder.add({
    check: 'one-per-destination',
    section: subsection(op.api, 2),
    operation: op.name,
    subject,
    passed,
    ...(!passed && {
      message: `${counted(answer.json.length, 'object')} for ${counted(destinations.length, 'destination')}: section ${subsection(op.api, 2)} gives one object per destination`,
      status: answer.status,
      curl,
    }),
  });
}
