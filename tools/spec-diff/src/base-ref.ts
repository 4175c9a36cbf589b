// Which git ref the bundles are compared with.
import { UnusableInput } from './errors.js';
import { gitMaybe } from './git.js';

/** Tags changesets creates on release: `@messaging-contracts/<package>@<version>`. */
export const releaseTagPattern = '@messaging-contracts/*@*';

export interface BaseRef {
  ref: string;
  /** Why this ref, as printed: "newest release tag", "merge-base with main". */
  reason: string;
}

/**
 * The newest release tag (by creation date), else the merge-base of HEAD with main. On main
 * itself that merge-base is HEAD: the committed contracts are compared with the working tree's.
 */
export function resolveBaseRef(repoRoot: string): BaseRef {
  const newest = releaseTags(repoRoot)[0];
  if (newest) return { ref: newest, reason: 'newest release tag' };
  // A CI clone may only have the remote-tracking branch.
  for (const main of ['main', 'origin/main']) {
    const base = gitMaybe(repoRoot, ['merge-base', 'HEAD', main]);
    if (base) return { ref: base, reason: `merge-base with ${main}` };
  }
  throw new UnusableInput('no release tag and no merge-base of HEAD with main: pass --base <git-ref>');
}

/** The commit a ref names; UnusableInput when it names none. */
export function commitOf(repoRoot: string, ref: string): string {
  if (ref.startsWith('-')) throw new UnusableInput(`not a git ref: ${ref}`);
  const commit = gitMaybe(repoRoot, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (!commit) throw new UnusableInput(`unknown git ref: ${ref}`);
  return commit;
}

/** The release tags, newest first by creation date. */
export function releaseTags(repoRoot: string): string[] {
  const tags = gitMaybe(repoRoot, ['tag', '--list', releaseTagPattern, '--sort=-creatordate']);
  return (tags ?? '').split('\n').filter((tag) => tag.length > 0);
}

/** The commit HEAD names, or undefined in a repository without commits. */
export function headCommit(repoRoot: string): string | undefined {
  return gitMaybe(repoRoot, ['rev-parse', '--verify', '--quiet', 'HEAD']);
}
