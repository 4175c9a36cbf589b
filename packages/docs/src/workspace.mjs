// @ts-check
// The workspace this docs package sits in: its packages (for the landing page's install lines and the
// changelog pages) and its pending changesets. Read from the files, so a package added to the
// workspace shows up without editing the site.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{
 *   name: string, version: string, description: string, private: boolean, dir: string,
 *   exports: Record<string, unknown>, dependencies: Record<string, string>, repository: string,
 * }} WorkspacePackage repository: its manifest's `repository.url` (or the string form), '' when it has none
 * @typedef {{ file: string, releases: { name: string, type: string }[], summary: string }} Changeset
 */

/** The repository root: the nearest folder above this package with a pnpm-workspace.yaml. */
export function workspaceRoot(start = fileURLToPath(new URL('.', import.meta.url))) {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no pnpm-workspace.yaml above ${start}`);
  }
}

/**
 * Every package of the workspace, from the `packages:` globs of pnpm-workspace.yaml (`dir` or `dir/*`).
 * @param {string} [root]
 * @returns {WorkspacePackage[]}
 */
export function workspacePackages(root = workspaceRoot()) {
  const globs = [...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s*-\s*['"]?([^'"\s#]+)['"]?/gm)].map((m) => m[1] ?? '');
  const dirs = globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [join(root, glob)];
    const parent = join(root, glob.slice(0, -2));
    return existsSync(parent) ? readdirSync(parent, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(parent, d.name)) : [];
  });
  return dirs
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return {
        name: String(manifest.name),
        version: String(manifest.version ?? ''),
        description: String(manifest.description ?? ''),
        private: manifest.private === true,
        dir,
        exports: manifest.exports ?? {},
        dependencies: { ...manifest.dependencies, ...manifest.peerDependencies },
        repository: String((typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url) ?? ''),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The published packages a reader of one interface installs: its own (`<scope>/<id>-...`), those
 * that depend on its types package (the callback receivers), and the one that exports its bundle.
 * @param {WorkspacePackage[]} packages
 * @param {string} id
 * @param {string} scope
 */
export function packagesOf(packages, id, scope) {
  const types = `${scope}/${id}-types`;
  const rank = (/** @type {WorkspacePackage} */ p) => (p.name.endsWith('-client') ? 0 : p.name === types ? 1 : `./${id}.json` in p.exports ? 3 : 2);
  return packages
    .filter((p) => !p.private && (p.name.startsWith(`${scope}/${id}-`) || types in p.dependencies || `./${id}.json` in p.exports))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/**
 * The pending changesets (`.changeset/*.md` except its README): which packages each bumps, and how.
 * @param {string} [root]
 * @returns {Changeset[]}
 */
export function pendingChangesets(root = workspaceRoot()) {
  const dir = join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md')
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
      if (!front) throw new Error(`.changeset/${file} has no front matter`);
      const releases = [...(front[1] ?? '').matchAll(/^\s*['"]?([^'":]+)['"]?\s*:\s*(major|minor|patch|none)\s*$/gm)].map((m) => ({
        name: m[1] ?? '',
        type: m[2] ?? '',
      }));
      return { file, releases, summary: (front[2] ?? '').trim() };
    });
}
