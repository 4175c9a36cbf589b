// @ts-check
// The site's versions. A version is a release of `@messaging-contracts/openapi` (the package of the
// bundles): the git tag `@messaging-contracts/openapi@<version>` that `changeset publish` makes, and
// the bundles and CHANGELOG.md files at that tag. The working tree is the default version (on a
// release commit, the latest release); every other release gets its references and changelogs under
// `v/<version>/`. Before the first release there is one version; each release adds one.
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { bundlesAt } from '@messaging-contracts/spec-diff/dist/base-bundles.js';

/**
 * @typedef {{ version: string, tag: string, bundles: Map<string, any>, changelogs: Map<string, string> }} Release
 *   bundles: by interface id, the bundles at the tag (an interface added later is absent);
 *   changelogs: by package name, the CHANGELOG.md files at the tag
 */

export const RELEASE_TAG_PREFIX = '@messaging-contracts/openapi@';
export const VERSIONS_DIR = 'v';

/**
 * Semver order, newest first (pre-releases before their release).
 * @param {string} a
 * @param {string} b
 */
export function newestFirst(a, b) {
  const parse = (/** @type {string} */ v) => {
    const [core = '', pre] = v.split('-', 2);
    return { parts: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) if ((x.parts[i] ?? 0) !== (y.parts[i] ?? 0)) return (y.parts[i] ?? 0) - (x.parts[i] ?? 0);
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return -1;
  if (y.pre === undefined) return 1;
  return y.pre.localeCompare(x.pre);
}

/**
 * The released versions among git tags, newest first.
 * @param {string[]} tags
 */
export function releasedVersions(tags) {
  return tags
    .filter((tag) => tag.startsWith(RELEASE_TAG_PREFIX) && /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(tag.slice(RELEASE_TAG_PREFIX.length)))
    .map((tag) => tag.slice(RELEASE_TAG_PREFIX.length))
    .sort(newestFirst);
}

/** @param {string} root @param {string[]} args */
function git(root, args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

/**
 * Every release of the repository at `root`: its bundles (bundled at the tag by spec-diff, which
 * keeps them on disk by the tag's specs tree) and its packages' CHANGELOG.md files.
 * @param {string} root
 * @param {{ name: string, dir: string }[]} packages the workspace's packages (their folders name the changelogs)
 * @param {string} [redocly] the Redocly CLI that bundles them (the one installed in `specs/`)
 * @returns {Promise<Release[]>}
 */
export async function releasesOf(root, packages, redocly = join(root, 'specs', 'node_modules', '.bin', 'redocly')) {
  const versions = releasedVersions((git(root, ['tag', '--list', `${RELEASE_TAG_PREFIX}*`]) ?? '').split('\n'));
  /** @type {Release[]} */
  const releases = [];
  for (const version of versions) {
    const tag = `${RELEASE_TAG_PREFIX}${version}`;
    const commit = git(root, ['rev-parse', '--verify', '--quiet', `${tag}^{commit}`])?.trim();
    if (!commit) continue;
    const { bundles } = await bundlesAt(root, commit, redocly);
    /** @type {Map<string, string>} */
    const changelogs = new Map();
    for (const p of packages) {
      const text = git(root, ['show', `${commit}:${relative(root, join(p.dir, 'CHANGELOG.md')).split('\\').join('/')}`]);
      if (text !== undefined) changelogs.set(p.name, text);
    }
    releases.push({ version, tag, bundles, changelogs });
  }
  return releases;
}
