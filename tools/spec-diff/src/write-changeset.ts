// The changeset the gate asks for, written non-interactively (`spec-diff --write-changeset`): the
// packages and bumps come from the workspace graph and the changes found, the summary lists the
// changes. A contributor rewords the summary for integrators; the frontmatter is already right.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bump } from './bumps.js';

export interface ChangesetToWrite {
  /** Each package without a covering changeset, and the bump to give it. */
  releases: Map<string, Bump>;
  /** One line per change it covers. */
  summary: string[];
}

/** The changeset's text: changesets' frontmatter (packages sorted), then the changes as a list. */
export function changesetText({ releases, summary }: ChangesetToWrite): string {
  const frontmatter = [...releases].sort(([a], [b]) => a.localeCompare(b)).map(([pkg, bump]) => `"${pkg}": ${bump}`);
  return `---\n${frontmatter.join('\n')}\n---\n\nContract changes:\n\n${summary.map((line) => `- ${line}`).join('\n')}\n`;
}

/** Writes the changeset into `<repoRoot>/.changeset/`, named by its content (so writing twice writes one file); returns its path. */
export function writeChangeset(repoRoot: string, changeset: ChangesetToWrite): string {
  const text = changesetText(changeset);
  const dir = join(repoRoot, '.changeset');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `contract-change-${createHash('sha256').update(text).digest('hex').slice(0, 10)}.md`);
  writeFileSync(file, text);
  return file;
}
