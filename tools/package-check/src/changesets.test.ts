// `pnpm changeset` writes a markdown file; `pnpm version-packages` (changeset version) turns the
// pending files into version bumps and CHANGELOG entries. This runs the root's script with the
// root's installed @changesets/cli on a copy of the workspace's manifests and changesets config
// (changeset version reads nothing else: no sources, no git, no install), with sample changesets.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listWorkspacePackages, repoRoot, type WorkspacePackage } from './workspace.js';

const run = promisify(execFile);
const packages = listWorkspacePackages();
const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
const scope = '@messaging-contracts';

let copy: string;

beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), 'package-check-changesets-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(copy, file));
  }
  for (const pkg of packages) {
    mkdirSync(join(copy, pkg.relativeDir), { recursive: true });
    // As after the first release (1.0.0): on 0.x a caret range holds no other version, so the
    // ranges would not show what they do for integrators.
    const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as { version: string };
    if (!pkg.private) manifest.version = RELEASED;
    writeFileSync(join(copy, pkg.relativeDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  // Only for `pnpm run` to find the root's `changeset` binary in node_modules/.bin.
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
});

afterEach(() => rmSync(copy, { recursive: true, force: true }));

function writeChangeset(id: string, releases: Record<string, 'major' | 'minor' | 'patch'>, summary: string): void {
  const frontmatter = Object.entries(releases).map(([name, type]) => `"${name}": ${type}`);
  writeFileSync(join(copy, '.changeset', `${id}.md`), `---\n${frontmatter.join('\n')}\n---\n\n${summary}\n`);
}

async function versionPackages(): Promise<void> {
  await run('pnpm', ['run', 'version-packages'], { cwd: copy, env: { ...process.env, NO_COLOR: '1' } });
}

function manifestAfter(name: string): { version: string; dependencies?: Record<string, string> } {
  const pkg = byName.get(name) as WorkspacePackage;
  return JSON.parse(readFileSync(join(copy, pkg.relativeDir, 'package.json'), 'utf8'));
}

function changelogAfter(name: string): string | undefined {
  const path = join(copy, (byName.get(name) as WorkspacePackage).relativeDir, 'CHANGELOG.md');
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** semver's inc for release versions, as changesets applies it (a major of 0.x.y goes to 1.0.0). */
function bump(version: string, type: 'major' | 'minor' | 'patch' | 'none'): string {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  if (type === 'major') return `${major + 1}.0.0`;
  if (type === 'minor') return `${major}.${minor + 1}.0`;
  if (type === 'patch') return `${major}.${minor}.${patch + 1}`;
  return version;
}

const RELEASED = '1.0.0';
const current = (name: string): string => ((byName.get(name) as WorkspacePackage).private ? (byName.get(name) as WorkspacePackage).version : RELEASED);

describe('pnpm version-packages', () => {
  it('bumps the named packages, patches their dependents, and writes the changelogs', async () => {
    writeChangeset('breaking-gateway-contract', { [`${scope}/gateway-v1-types`]: 'major', [`${scope}/im-v1-types`]: 'minor' }, 'Sample contract change: a new required field in A, a new optional field in C.');
    writeChangeset('core-fix', { [`${scope}/client-core`]: 'patch' }, 'Sample fix in the shared retry.');
    await versionPackages();

    // [package, bump]. Dependents by an exact range (`workspace:*`) get a patch: their dependency
    // will be packed as the new exact version. Dependents by a caret range (`workspace:^`, the
    // clients and the sandbox on client-core) get nothing for a patch or minor: their published
    // `^1.0.0` already takes it, and npm installs one client-core for every client. A devDependency
    // (the types packages on @messaging-contracts/openapi) never causes a release. Each client
    // is linked with its types package (.changeset/config.json) because it re-exports those
    // types: a major types change is a major change of the client too.
    const want: [string, 'major' | 'minor' | 'patch' | 'none'][] = [
      [`${scope}/gateway-v1-types`, 'major'],
      [`${scope}/im-v1-types`, 'minor'],
      [`${scope}/client-core`, 'patch'],
      [`${scope}/gateway-v1-client`, 'major'], // linked with gateway-v1-types
      [`${scope}/im-v1-client`, 'minor'], // linked with im-v1-types
      [`${scope}/sms-v2-client`, 'none'], // client-core by caret
      [`${scope}/campaign-manager-v1-client`, 'none'], // client-core by caret
      [`${scope}/webhooks`, 'patch'], // im-v1-types
      [`${scope}/validators`, 'none'],
      [`${scope}/sms-v2-types`, 'none'],
      [`${scope}/campaign-manager-v1-types`, 'none'],
      [`${scope}/openapi`, 'none'],
      [`${scope}/sandbox`, 'none'], // client-core by caret (its control client)
      [`${scope}/verify`, 'patch'], // webhooks
      ...packages.filter((pkg) => pkg.private).map((pkg): [string, 'none'] => [pkg.name, 'none']),
    ];
    expect(want.map(([name]) => name).sort()).toEqual(packages.map((pkg) => pkg.name));
    for (const [name, type] of want) {
      expect(manifestAfter(name).version, name).toBe(bump(current(name), type));
      if (type === 'none') expect(changelogAfter(name), `${name} must get no CHANGELOG entry`).toBeUndefined();
    }

    const gatewayTypes = bump(current(`${scope}/gateway-v1-types`), 'major');
    expect(changelogAfter(`${scope}/gateway-v1-types`)).toBe(
      `# ${scope}/gateway-v1-types\n\n## ${gatewayTypes}\n\n### Major Changes\n\n- Sample contract change: a new required field in A, a new optional field in C.\n`,
    );
    expect(changelogAfter(`${scope}/im-v1-types`)).toContain(`## ${bump(current(`${scope}/im-v1-types`), 'minor')}\n\n### Minor Changes\n\n- Sample contract change`);
    expect(changelogAfter(`${scope}/client-core`)).toContain('### Patch Changes\n\n- Sample fix in the shared retry.');
    const clientLog = changelogAfter(`${scope}/gateway-v1-client`) ?? '';
    expect(clientLog).toContain(`## ${bump(current(`${scope}/gateway-v1-client`), 'major')}\n`);
    expect(clientLog).toContain('- Updated dependencies');
    expect(clientLog).toContain(`  - ${scope}/gateway-v1-types@${gatewayTypes}\n`);
    expect(clientLog).toContain(`  - ${scope}/client-core@${bump(current(`${scope}/client-core`), 'patch')}\n`);

    // Ranges stay `workspace:*` in the repository; pnpm pack writes the exact version.
    expect(manifestAfter(`${scope}/gateway-v1-client`).dependencies?.[`${scope}/gateway-v1-types`]).toBe('workspace:*');
    // The changesets are consumed.
    expect(existsSync(join(copy, '.changeset', 'core-fix.md'))).toBe(false);
  });

  it('a client-core major releases every dependent by caret (its range no longer holds it), which keeps `workspace:^`', async () => {
    writeChangeset('core-major', { [`${scope}/client-core`]: 'major' }, 'Sample breaking change of the shared client code.');
    await versionPackages();
    expect(manifestAfter(`${scope}/client-core`).version).toBe('2.0.0');
    for (const name of ['gateway-v1-client', 'sms-v2-client', 'im-v1-client', 'campaign-manager-v1-client', 'sandbox'].map((short) => `${scope}/${short}`)) {
      expect(manifestAfter(name).version, name).toBe(bump(current(name), 'patch'));
      expect(manifestAfter(name).dependencies?.[`${scope}/client-core`], name).toBe('workspace:^');
    }
    // The contract's packages do not depend on client-core.
    expect(manifestAfter(`${scope}/validators`).version).toBe(current(`${scope}/validators`));
  });

  it('refuses a changeset that would version a private package with a published one', async () => {
    // privatePackages.version: false skips private packages the way `ignore` does: the docs site
    // and the tools are never versioned, and a changeset mixing them in is an error, not a release.
    writeChangeset('mixed', { [`${scope}/openapi`]: 'minor', [`${scope}/docs`]: 'patch' }, 'Mixed.');
    await expect(versionPackages()).rejects.toMatchObject({ stderr: expect.stringContaining('Mixed changesets that contain both ignored and not ignored packages are not allowed') });
    expect(manifestAfter(`${scope}/openapi`).version).toBe(current(`${scope}/openapi`));
  });
});
