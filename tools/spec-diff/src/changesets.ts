// Changesets added since the base, read with changesets' own reader: the highest bump each package
// has; and the changeset the gate asks for, written for the contributor.
import readChangesets from '@changesets/read';
import type { Bump } from './bumps.js';
import { highest } from './bumps.js';
import { gitMaybe } from './git.js';

/** The package that carries an interface's contract to consumers as types. */
export const typesPackageOf = (id: string) => `@messaging-contracts/${id}-types`;

/**
 * The highest bump of each package in the changesets of `<repoRoot>/.changeset` that were added
 * since `baseCommit` (committed or not): a changeset already pending at the base (main's, before
 * the first release) describes an earlier change, not this branch's. Without `baseCommit`, every
 * pending changeset counts. Returns the names (file names without `.md`) that counted too.
 */
export async function addedBumps(repoRoot: string, baseCommit?: string): Promise<{ bumps: Map<string, Bump>; names: string[] }> {
  const atBase = new Set(
    baseCommit === undefined
      ? []
      : (gitMaybe(repoRoot, ['ls-tree', '--name-only', baseCommit, '--', '.changeset/']) ?? '')
          .split('\n')
          .filter(Boolean)
          .map((path) => path.replace(/^\.changeset\//, '').replace(/\.md$/, '')),
  );
  let changesets: Awaited<ReturnType<typeof readChangesets>>;
  try {
    changesets = await readChangesets(repoRoot);
  } catch (error) {
    // A repository without .changeset has no changesets; anything else (a malformed file) is real.
    if (/no \.changeset directory/.test(String(error))) return { bumps: new Map(), names: [] };
    throw error;
  }
  const added = changesets.filter((changeset) => !atBase.has(changeset.id));
  const bumps = new Map<string, Bump>();
  for (const release of added.flatMap((changeset) => changeset.releases)) {
    if (release.type === 'none') continue;
    bumps.set(release.name, highest([release.type, ...(bumps.has(release.name) ? [bumps.get(release.name)!] : [])])!);
  }
  return { bumps, names: added.map((changeset) => changeset.id).sort() };
}
