// Which types packages have a pending major changeset, read with changesets' own reader.
import readChangesets from '@changesets/read';

/** The package that carries an interface's contract to consumers, and so its semver. */
export const typesPackageOf = (id: string) => `@messaging-contracts/${id}-types`;

/**
 * Package names with a major bump in any changeset in `<repoRoot>/.changeset`. All pending
 * changesets count, committed or not: `changeset version` consumes them at each release, so what
 * is pending is what was added since the release the gate compares with.
 */
export async function majorBumps(repoRoot: string): Promise<Set<string>> {
  let changesets: Awaited<ReturnType<typeof readChangesets>>;
  try {
    changesets = await readChangesets(repoRoot);
  } catch (error) {
    // A repository without .changeset has no changesets; anything else (a malformed file) is real.
    if (/no \.changeset directory/.test(String(error))) return new Set();
    throw error;
  }
  const names = changesets.flatMap((changeset) =>
    changeset.releases.filter((release) => release.type === 'major').map((release) => release.name),
  );
  return new Set(names);
}
