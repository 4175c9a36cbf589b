// `--operation <id>.<operationId>` (repeatable): verify only some operations. Checked against the
// bundles before anything is sent; the interfaces verified are those of the operations named.
import { API_IDS, type ApiId, operationsOf } from './contract.js';
import { bareNameOf, type Naming } from './option-names.js';
import { UsageError } from './usage-error.js';

/** The interfaces a run verifies, and whether it verifies an operation (every one, without a selection). */
export interface Selection {
  apis: ApiId[];
  has: (name: string) => boolean;
}

export function selectionOf(apis: readonly ApiId[] | undefined, operations: readonly string[] | undefined, naming: Naming = 'command'): Selection {
  const operation = bareNameOf('operations', naming);
  if (operations === undefined || operations.length === 0) return { apis: [...(apis ?? API_IDS)], has: () => true };
  const names = new Set<string>();
  for (const name of operations) {
    const dot = name.indexOf('.');
    const api = name.slice(0, dot) as ApiId;
    if (dot < 0 || !(API_IDS as readonly string[]).includes(api)) {
      throw new UsageError(`${operation} must be <interface>.<operationId> with an interface of ${API_IDS.join(', ')} (got ${JSON.stringify(name)})`);
    }
    const known = operationsOf(api).map((op) => op.operationId);
    if (!known.includes(name.slice(dot + 1))) {
      throw new UsageError(`${operation} ${JSON.stringify(name)}: ${api} has no such operation; its operations are ${known.join(', ')}`);
    }
    if (apis !== undefined && !apis.includes(api)) throw new UsageError(`${operation} ${name} is of ${api}, which ${bareNameOf('apis', naming)} leaves out`);
    names.add(name);
  }
  const selected = (apis ?? API_IDS).filter((api) => [...names].some((name) => name.startsWith(`${api}.`)));
  return { apis: selected, has: (name) => names.has(name) };
}
