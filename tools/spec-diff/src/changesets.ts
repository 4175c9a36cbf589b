// Pending changesets, read with changesets' own reader: the highest bump each package has.
import readChangesets from '@changesets/read';
import type { Bump } from './bumps.js';
import { highest } from './bumps.js';

/** The package that carries an interface's contract to consumers as types. */
export const typesPackageOf = (id: string) => `@messaging-contracts/${id}-types`;

/**
 * The highest pending bump of each package in `<repoRoot>/.changeset`. All pending changesets
 * count, committed or not: `changeset version` consumes them at each release, so what is pending
 * is what was added since the release the gate compares with.
 */
export async function pendingBumps(repoRoot: string): Promise<Map<string, Bump>> {
  let changesets: Awaited<ReturnType<typeof readChangesets>>;
  try {
    changesets = await readChangesets(repoRoot);
  } catch (error) {
    // A repository without .changeset has no changesets; anything else (a malformed file) is real.
    if (/no \.changeset directory/.test(String(error))) return new Map();
    throw error;
  }
  const bumps = new Map<string, Bump>();
  for (const release of changesets.flatMap((changeset) => changeset.releases)) {
    if (release.type === 'none') continue;
    bumps.set(release.name, highest([release.type, ...(bumps.has(release.name) ? [bumps.get(release.name)!] : [])])!);
  }
  return bumps;
}
