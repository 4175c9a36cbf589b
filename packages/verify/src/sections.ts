// The spec document's section numbers that a check cites. Sections 2 and 4 have one subsection per
// interface, in the order of the opening table (A = .1, B = .2, ...), which interfaces.json keeps.
import { createRequire } from 'node:module';
import type { ApiId } from './contract.js';

const require = createRequire(import.meta.url);
const { interfaces } = require('@messaging-contracts/openapi/interfaces.json') as { interfaces: { id: string; letter: string }[] };

export function letterOf(api: ApiId): string {
  return interfaces.find((entry) => entry.id === api)?.letter ?? '?';
}

/** `2.3` for C's resources, `4.3` for C's endpoints. */
export function subsection(api: ApiId, chapter: 2 | 4): string {
  return `${chapter}.${interfaces.findIndex((entry) => entry.id === api) + 1}`;
}
