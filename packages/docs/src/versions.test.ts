// The site's versions come from the release tags changesets makes, and the bundles at those tags.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBundles } from './bundles.mjs';
import { renderChanges, siteVersions } from './version-pages.mjs';
import { newestFirst, releasedVersions, releasesOf } from './versions.mjs';
import { workspacePackages, workspaceRoot } from './workspace.mjs';

describe('releasedVersions', () => {
  it("takes the bundles package's release tags only, newest first in semver order", () => {
    const tags = ['@messaging-contracts/openapi@1.2.0', '@messaging-contracts/openapi@1.10.0', '@messaging-contracts/openapi@2.0.0-rc.1', '@messaging-contracts/openapi@2.0.0', '@messaging-contracts/sandbox@3.0.0', '@messaging-contracts/openapi@x', 'v9.0.0', ''];
    expect(releasedVersions(tags)).toEqual(['2.0.0', '2.0.0-rc.1', '1.10.0', '1.2.0']);
    expect(['1.0.0', '1.0.0-beta', '0.9.1'].sort(newestFirst)).toEqual(['1.0.0', '1.0.0-beta', '0.9.1']);
  });
});

describe('releasesOf', () => {
  const root = workspaceRoot();
  const clone = mkdtempSync(join(tmpdir(), 'docs-versions-'));
  afterAll(() => rmSync(clone, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  it('is empty before the first release: the site has one version, and its page of changes says how it grows', async () => {
    execFileSync('git', ['clone', '--quiet', '--shared', '--no-checkout', root, clone]);
    for (const tag of git('tag', '--list').split('\n').filter(Boolean)) git('tag', '-d', tag);
    expect(await releasesOf(clone, workspacePackages(), join(root, 'specs', 'node_modules', '.bin', 'redocly'))).toEqual([]);
    const bundle = findBundles()[0]!;
    const versions = siteVersions({ version: '0.0.0', bundles: new Map([[bundle.id, JSON.parse(readFileSync(bundle.jsonPath, 'utf8'))]]) }, []);
    expect(versions.map((v) => v.label)).toEqual(['unreleased']);
    const page = renderChanges({ id: bundle.id, letter: 'A', title: 'Gateway' }, versions);
    expect(page).toContain('One version so far.');
    expect(page).toContain('<code>@messaging-contracts/openapi@&lt;version&gt;</code>');
  });

  it("reads a release tag's bundles (bundled at the tag) and changelogs, and makes it the latest version", async () => {
    // The clone's HEAD is this branch's last commit: its specs are the ones specs/dist was built from
    // unless the working tree changed them, which the contract gates would catch first.
    // The release commit: HEAD plus the CHANGELOG.md changesets writes, made without a checkout.
    const changelog = '# @messaging-contracts/sms-v2-types\n\n## 1.0.0\n\n### Major Changes\n\n- First release.\n';
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: clone, input: changelog, encoding: 'utf8' }).trim();
    const index = { ...process.env, GIT_INDEX_FILE: join(clone, '.git', 'release-index') };
    execFileSync('git', ['read-tree', 'HEAD'], { cwd: clone, env: index });
    execFileSync('git', ['update-index', '--add', '--cacheinfo', `100644,${blob},packages/sms-v2-types/CHANGELOG.md`], { cwd: clone, env: index });
    const tree = execFileSync('git', ['write-tree'], { cwd: clone, env: index, encoding: 'utf8' }).trim();
    const commit = execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit-tree', tree, '-p', 'HEAD', '-m', 'Version packages'], { cwd: clone, encoding: 'utf8' }).trim();
    git('tag', '@messaging-contracts/openapi@1.0.0', commit);
    const releases = await releasesOf(clone, workspacePackages(root).map((p) => ({ ...p, dir: p.dir.replace(root, clone) })), join(root, 'specs', 'node_modules', '.bin', 'redocly'));
    expect(releases.map((r) => [r.version, r.tag])).toEqual([['1.0.0', '@messaging-contracts/openapi@1.0.0']]);
    const release = releases[0]!;
    expect([...release.bundles.keys()].sort()).toEqual(findBundles().map((b) => b.id).sort());
    for (const bundle of findBundles()) expect(release.bundles.get(bundle.id)?.info, bundle.id).toEqual(JSON.parse(readFileSync(bundle.jsonPath, 'utf8')).info);
    expect([...release.changelogs]).toEqual([['@messaging-contracts/sms-v2-types', changelog]]);
    const versions = siteVersions({ version: '1.0.0', bundles: release.bundles }, releases);
    expect(versions.map((v) => [v.label, v.dir])).toEqual([['1.0.0 (latest)', '']]);
  }, 120_000);
});

// Section 9: each interface declares its own version, and "Deprecation and compatibility policy: not
// shown". The page's versions and its breaking/addition/deprecation classes are the contracts
// package's releases and this repository's classification, and the page says so.
describe("the page of changes (section 9: the service's deprecation and compatibility policy is not shown)", () => {
  it("says its versions are the contracts package's releases, not the interface's declared version, and its classes the repository's", () => {
    const bundle = findBundles()[0]!;
    const versions = siteVersions({ version: '0.0.0', bundles: new Map([[bundle.id, JSON.parse(readFileSync(bundle.jsonPath, 'utf8'))]]) }, []);
    const page = renderChanges({ id: bundle.id, letter: 'A', title: 'Gateway' }, versions).replace(/\s+/g, ' ');
    expect(page).toContain(
      "These versions are releases of <code>@messaging-contracts/openapi</code>, not the interface's declared version, and the classes are this repository's: the service's deprecation and compatibility policy is not shown in the spec document (section 9).",
    );
  });
});
