import { describe, expect, it } from 'vitest';
import { EXPECTED_PUBLISHABLE } from './test-support/expected.js';
import { listWorkspacePackages, publishablePackages } from './workspace.js';

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

  it('reports each package folder relative to the repository root', () => {
    const byName = new Map(all.map((pkg) => [pkg.name, pkg.relativeDir]));
    expect(byName.get('@messaging-contracts/openapi')).toBe('specs');
    expect(byName.get('@messaging-contracts/im-v1-types')).toBe('packages/im-v1-types');
    expect(byName.get('@messaging-contracts/package-check')).toBe('tools/package-check');
  });
});
