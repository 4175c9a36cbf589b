import { describe, expect, it } from 'vitest';
import { EXPECTED_PUBLISHABLE } from './test-support/expected.js';
import { checkHomepage } from './manifest.js';
import { baseBranch, listWorkspacePackages, publishablePackages, readManifest, supportedNode } from './workspace.js';

// Discovery reads `private` from each manifest; the expected list pins the result, so a package made
// private (it would silently stop being released) or a tool made public (it would be published)
// fails here. The list is read once (each read is a `pnpm ls -r`).
describe('workspace discovery', () => {
  const all = listWorkspacePackages();

  it('finds exactly the publishable packages listed in EXPECTED_PUBLISHABLE', () => {
    expect(publishablePackages().map((pkg) => pkg.name)).toEqual(EXPECTED_PUBLISHABLE);
  });

  it('keeps the docs site and every tool private', () => {
    const expectedPrivate = all
      .filter((pkg) => pkg.relativeDir === 'packages/docs' || pkg.relativeDir.startsWith('tools/'))
      .map((pkg) => pkg.name);
    expect(expectedPrivate).toEqual(expect.arrayContaining(['@messaging-contracts/docs', '@messaging-contracts/package-check']));
    expect(all.filter((pkg) => pkg.private).map((pkg) => pkg.name)).toEqual(expectedPrivate);
  });

  it('states the supported Node versions in every package, private ones too, as the root does', () => {
    // 20.19 and 22.12: the first of their lines to load these ESM-only packages with require();
    // CI runs Node 20 and, through .ci/node-matrix.sh, 22 and 24.
    expect(supportedNode()).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
    const stated = Object.fromEntries(all.map((pkg) => [pkg.name, (readManifest(pkg.dir).engines as { node?: string } | undefined)?.node]));
    expect(stated).toEqual(Object.fromEntries(all.map((pkg) => [pkg.name, supportedNode()])));
  });

  it("gives every publishable package a homepage at its own README (npm docs opens it, not the repository's root)", () => {
    const problems = publishablePackages().flatMap((pkg) => checkHomepage(readManifest(pkg.dir), pkg.relativeDir, baseBranch()).map((problem) => `${pkg.name}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('reports each package folder relative to the repository root', () => {
    const byName = new Map(all.map((pkg) => [pkg.name, pkg.relativeDir]));
    expect(byName.get('@messaging-contracts/openapi')).toBe('specs');
    expect(byName.get('@messaging-contracts/im-v1-types')).toBe('packages/im-v1-types');
    expect(byName.get('@messaging-contracts/package-check')).toBe('tools/package-check');
  });
});
