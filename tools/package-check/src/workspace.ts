import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: this file is tools/package-check/{src,dist}/workspace.{ts,js}. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface WorkspacePackage {
  name: string;
  version: string;
  /** Absolute folder of the package. */
  dir: string;
  /** The folder relative to the repository root, with `/` separators (`packages/im-v1-types`). */
  relativeDir: string;
  private: boolean;
}

interface PnpmListEntry {
  name?: string;
  version?: string;
  path: string;
  private?: boolean;
}

/**
 * Every package of the pnpm workspace except the root, as pnpm itself sees it (the globs of
 * pnpm-workspace.yaml), so a new folder under packages/ is found without touching this list.
 */
export function listWorkspacePackages(root: string = repoRoot): WorkspacePackage[] {
  const stdout = execFileSync('pnpm', ['ls', '-r', '--json', '--depth', '-1'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const entries = JSON.parse(stdout) as PnpmListEntry[];
  return entries
    .filter((entry) => entry.path !== root)
    .map((entry) => {
      // `private` comes from the manifest itself: pnpm ls omits it for some versions.
      const manifest = readManifest(entry.path);
      return {
        name: manifest.name ?? entry.name ?? '',
        version: manifest.version ?? entry.version ?? '',
        dir: entry.path,
        relativeDir: relative(root, entry.path).split('\\').join('/'),
        private: manifest.private === true,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The packages that `changeset publish` and `pnpm -r publish` would publish: every non-private one. */
export function publishablePackages(root: string = repoRoot): WorkspacePackage[] {
  return listWorkspacePackages(root).filter((pkg) => !pkg.private);
}

export interface Manifest {
  name?: string;
  version?: string;
  private?: boolean;
  [field: string]: unknown;
}

/** The Node.js versions the repository supports: the root package.json's `engines.node`, which every package repeats. */
export function supportedNode(root: string = repoRoot): string {
  const range = (readManifest(root).engines as { node?: unknown } | undefined)?.node;
  if (typeof range !== 'string') throw new Error(`${join(root, 'package.json')} states no engines.node`);
  return range;
}

/** The branch repository links name: the one changesets releases from. */
export function baseBranch(root: string = repoRoot): string {
  const config = JSON.parse(readFileSync(join(root, '.changeset', 'config.json'), 'utf8')) as { baseBranch?: string };
  return config.baseBranch ?? 'main';
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}
