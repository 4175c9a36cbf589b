import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../workspace.js';

/** The interfaces, from the one list (specs/interfaces.json). */
export const IDS: readonly string[] = (JSON.parse(readFileSync(join(repoRoot, 'specs', 'interfaces.json'), 'utf8')) as { interfaces: { id: string }[] }).interfaces.map(
  (api) => api.id,
);

/**
 * The publishable packages. Kept by hand on purpose (discovery must agree with it), except the
 * per-interface part, which each entry of the list implies: a -types and a -client package.
 */
export const EXPECTED_PUBLISHABLE = [
  '@messaging-contracts/openapi',
  '@messaging-contracts/client-core',
  '@messaging-contracts/webhooks',
  '@messaging-contracts/sandbox',
  '@messaging-contracts/validators',
  '@messaging-contracts/verify',
  ...IDS.map((id) => `@messaging-contracts/${id}-types`),
  ...IDS.map((id) => `@messaging-contracts/${id}-client`),
].sort();
