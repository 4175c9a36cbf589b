// examples/integrator's package-lock.json pins every package outside our scope; our packages come
// from whichever registry serves the scope, by package.json's ranges (the example's README, "The
// lockfile"). These are the two operations that policy needs.

export interface LockFile {
  packages?: Record<string, { version?: string; resolved?: string; integrity?: string; [field: string]: unknown }>;
  [field: string]: unknown;
}

const inScope = (path: string, scope: string) => path.split('node_modules/').slice(1).some((segment) => segment.startsWith(`${scope}/`));

/** The lockfile without the packages of the scope (and what is installed inside them). */
export function dropScope(lock: LockFile, scope: string): LockFile {
  const packages = Object.fromEntries(Object.entries(lock.packages ?? {}).filter(([path]) => !inScope(path, scope)));
  return { ...lock, packages };
}

/** The paths outside the scope whose version, tarball or integrity differ, or that one side lacks. */
export function thirdPartyDifferences(committed: LockFile, installed: LockFile, scope: string): string[] {
  const before = dropScope(committed, scope).packages ?? {};
  const after = dropScope(installed, scope).packages ?? {};
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((path) => path !== '');
  return paths
    .filter((path) => {
      const a = before[path];
      const b = after[path];
      return !a || !b || a.version !== b.version || a.resolved !== b.resolved || a.integrity !== b.integrity;
    })
    .sort();
}
