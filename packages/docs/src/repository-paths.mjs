// @ts-check
// The guides name files of the repository (`src/generate.ts`, `tools/spec-check/catalog`) in code
// spans, about 80 of them (trial 67 L5); a reader outside the repository could not open any. Each
// that names a file or folder the repository tracks links to it on the repository's site (the
// repository the build reads from the manifests, repository.mjs). A path is read against the
// README's package first (a package's README says `src/...` of itself), then the repository's root.
// Tracked means in `git ls-files`: a file that exists only in a working tree (node_modules/,
// generated dist/) is not on the repository's site.
import { execFileSync } from 'node:child_process';
import { posix, relative, sep } from 'node:path';

/** A code span that is a path and nothing else: two segments or more, no spaces, globs or placeholders. */
const PATH = /^(?:[\w@-][\w.@-]*\/)+[\w@-][\w.@-]*\/?$/;

/**
 * The files git tracks under `root`, as repository-relative paths; none when git cannot say (a
 * source tree without its .git): the guides then link nothing.
 * @param {string} root
 * @returns {string[]}
 */
export function trackedFiles(root) {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * @param {string} web the repository's page (`https://github.com/owner/name`)
 * @param {string[]} tracked repository-relative paths of the tracked files
 * @returns {(dir: string) => (text: string) => string | undefined} for a README's folder (relative
 *   to the repository's root, `packages/verify`), the link of a code span's text, if it is a path
 *   the repository tracks: `blob/HEAD/<path>` for a file, `tree/HEAD/<path>` for a folder (HEAD: the
 *   default branch, whatever its name)
 */
export function repositoryLinker(web, tracked) {
  const files = new Set(tracked);
  const folders = new Set(tracked.flatMap((file) => file.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  return (dir) => (text) => {
    if (!PATH.test(text) || text.split('/').includes('..')) return undefined;
    const path = text.replace(/\/$/, '');
    for (const candidate of [posix.join(dir, path), path]) {
      if (files.has(candidate)) return `${web}/blob/HEAD/${candidate}`;
      if (folders.has(candidate)) return `${web}/tree/HEAD/${candidate}`;
    }
    return undefined;
  };
}

/**
 * A folder's path relative to the repository's root, with forward slashes.
 * @param {string} root
 * @param {string} dir
 */
export function repositoryDir(root, dir) {
  return relative(root, dir).split(sep).join('/');
}
