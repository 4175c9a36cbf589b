// @ts-check
// Changelog text is read by integrators, who cannot look up the project's own issue, item or pull
// request numbers ("issue 12, items 8 to 13", "#24"). Every changelog source (pending changesets,
// CHANGELOG.md files) and every changelog page is held to that: `internalReferences` finds them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { workspacePackages, workspaceRoot } from './workspace.mjs';

// "issue 12", "Issues 3 and 4", "item 8", "items 8 to 13", "PR 7", "pull request #7", "#24" (not an
// HTML entity such as &#39;, nor a Markdown heading, whose # is followed by a space).
const CITATION = /\b(?:issues?|items?|PRs?|pull requests?|tickets?)\s*(?:no\.?\s*)?#?\d+|(?<![&\w#])#\d+\b/gi;

/**
 * @typedef {{ line: number, text: string }} InternalReference
 * @param {string} text
 * @returns {InternalReference[]} each citation with its line (1-based)
 */
export function internalReferences(text) {
  return text.split('\n').flatMap((line, index) => [...line.matchAll(CITATION)].map((m) => ({ line: index + 1, text: m[0] })));
}

/**
 * The changelog sources of the workspace: `.changeset/*.md` (the pending entries, README aside) and
 * each package's CHANGELOG.md (what changesets writes at release), relative to the root.
 * @param {string} [root]
 */
export function changelogSources(root = workspaceRoot()) {
  const changesets = join(root, '.changeset');
  const pending = existsSync(changesets)
    ? readdirSync(changesets)
        .filter((file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md')
        .map((file) => join(changesets, file))
    : [];
  const released = workspacePackages(root)
    .map((p) => join(p.dir, 'CHANGELOG.md'))
    .filter((file) => existsSync(file));
  return [...pending, ...released].sort().map((file) => relative(root, file));
}

/**
 * Every internal number cited by a changelog source, as `<file>:<line>: <citation>`.
 * @param {string} [root]
 */
export function internalReferencesInChangelogs(root = workspaceRoot()) {
  return changelogSources(root).flatMap((file) =>
    internalReferences(readFileSync(join(root, file), 'utf8')).map((found) => `${file}:${found.line}: "${found.text}"`),
  );
}
