// The real bundles `pnpm build` writes to specs/dist, for building before/after pairs in tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineCallbackPathItems } from '../canonical.js';
import type { Json } from '../diff.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const specsDist = join(repoRoot, 'specs', 'dist');
/** The interface ids, from the one list (specs/interfaces.json). */
export const apiIds: string[] = (JSON.parse(readFileSync(join(repoRoot, 'specs', 'interfaces.json'), 'utf8')) as { interfaces: { id: string }[] }).interfaces.map((api) => api.id);

/** The bundle with its callbacks inlined, the layout diffContract compares (canonical.ts). */
export function loadBundle(id: string): Json {
  return inlineCallbackPathItems(JSON.parse(readFileSync(join(specsDist, `${id}.json`), 'utf8')));
}

/** A before/after pair: the real bundle, and a deep copy changed by `mutate`. */
export function pair(id: string, mutate: (after: Json) => void): { before: Json; after: Json } {
  const before = loadBundle(id);
  const after = structuredClone(before);
  mutate(after);
  return { before, after };
}
