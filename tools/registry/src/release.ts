// The release this commit would make, published to a registry: a temporary clone of HEAD with its
// pending changesets, versioned by them (`changeset version`), then `pnpm release --no-git-tag`
// pointed at the registry by npm's own settings (the registry, and the .npmrc holding its token in
// place of the user's, so no other registry's token is sent). The same path as a real release;
// the working tree is never touched. `--no-git-tag`: a local registry is not a release, and a
// release tag would become the base `pnpm spec-diff` compares with. Shared by `pnpm release:local`
// and `pnpm example:integrator`.
import { type WorkspacePackage, publishablePackages } from '@messaging-contracts/package-check/dist/workspace.js';
import { type Clone, type Run, createClone } from './clone.js';

export interface Registry {
  url: string;
  /** The .npmrc with the registry's token (`pnpm registry` writes it into its storage). */
  npmrcFile: string;
}

export interface Versioned {
  /** A temporary clone of HEAD, versioned by its pending changesets; the caller removes it. */
  clone: Clone;
  /** The publishable packages at the versions the release gives them. */
  packages: WorkspacePackage[];
}

/** A temporary clone of HEAD with its pending changesets applied (`changeset version`). */
export function versionThisCommit(): Versioned {
  const clone = createClone('release-', { keepChangesets: true });
  const versioned = clone.pnpm('changeset', 'version');
  if (versioned.code !== 0) {
    clone.remove();
    throw new Error(`changeset version failed:\n${versioned.output}`);
  }
  return { clone, packages: publishablePackages(clone.dir) };
}

/** `pnpm release --no-git-tag` in the versioned clone, to the registry. */
export function publishTo(registry: Registry, { clone }: Versioned): Run {
  return clone.run('pnpm', ['release', '--no-git-tag'], { env: { npm_config_registry: registry.url, npm_config_userconfig: registry.npmrcFile } });
}
