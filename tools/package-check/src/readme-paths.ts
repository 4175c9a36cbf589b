// What a published README may point at. npm shows the README on the package's page and installs it
// in node_modules, away from the repository: a path it cites must be in the tarball, or be a link
// into the repository (an absolute URL made from package.json's `repository`, which npm's page and
// the docs site both follow). And a command that only works in a clone of the monorepo
// (`pnpm --filter`, `pnpm -r`, `pnpm exec vitest run --project`) belongs under a heading that says
// it is for the repository's maintainers.
import { existsSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';

export interface ReadmeContext {
  /** Every path in the tarball, relative to its root (`dist/index.js`). */
  files: readonly string[];
  /** The package's folder in the repository (`packages/sandbox`). */
  relativeDir: string;
  /** The repository's root on disk: repository paths are looked up there. */
  repoRoot: string;
  /** The repository's web address from package.json's `repository.url`, without `.git`. */
  repositoryWeb: string;
  /** The branch repository links name (changesets' `baseBranch`). */
  branch: string;
}

/** `git+https://host/owner/name.git` -> `https://host/owner/name`; undefined for anything else. */
export function repositoryWebOf(repository: unknown): string | undefined {
  const url = (repository as { url?: unknown } | undefined)?.url;
  const match = typeof url === 'string' ? /^(?:git\+)?(https:\/\/[^\s]+?)(?:\.git)?$/.exec(url) : null;
  return match?.[1];
}

/** The link a README gives for a repository path. */
export function repositoryLink(context: Pick<ReadmeContext, 'repositoryWeb' | 'branch'>, repositoryPath: string): string {
  return `${context.repositoryWeb}/blob/${context.branch}/${repositoryPath}`;
}

/** Commands that work only in a clone of the monorepo. */
const MONOREPO_COMMAND = /\bpnpm\s+(--filter\b|-F\s|-r\b|--recursive\b|exec\s+vitest\s+run\s+--project\b)/;
/** A heading, or the sentence before a code block, that says what follows is for the repository's maintainers. */
const FOR_MAINTAINERS = /\bmaintainers\b/i;
/** Wording that places a cited path in the repository, on the citation's own line. */
const IN_THE_REPOSITORY = /\bin the repository\b/i;
/** A placeholder in a cited path: `<id>`, `{id}`, `*`. */
const PLACEHOLDER = /[<{*]/;

/**
 * Problems, one a line: `README.md:<line>: ...`. Empty when every path the README cites ships in the
 * package, or is placed in the repository: a link to it (`<repository>/blob/<branch>/<path>`), the
 * words "in the repository" on its line (or in its table's header row), or a section under a heading for the repository's
 * maintainers; and such a path must exist in the repository. Monorepo-only commands: only under
 * such a heading, or after a sentence (the line before their code block, or their own line) that
 * names the maintainers.
 */
export function checkReadmePaths(readme: string, context: ReadmeContext): string[] {
  const problems: string[] = [];
  const packageDir = join(context.repoRoot, context.relativeDir);
  const folders = new Set([...topLevel(context.repoRoot), ...topLevel(packageDir)]);
  const literal = (path: string) => path.split('/').filter((_, i, all) => !all.slice(0, i + 1).some((segment) => PLACEHOLDER.test(segment))).join('/');
  const shipped = (path: string) => {
    const prefix = literal(path).replace(/\/$/, '');
    const placeholder = prefix !== path.replace(/\/$/, '');
    return context.files.some((file) => file === prefix || file.startsWith(`${prefix}/`) || (placeholder && file.startsWith(prefix)));
  };
  /** The repository path a cited path names: the package's own, else the repository root's; undefined if neither has it. */
  const repositoryPathOf = (path: string) => {
    for (const base of [context.relativeDir, '']) {
      const joined = posix.normalize(posix.join(base, path));
      if (!joined.startsWith('..') && existsSync(join(context.repoRoot, literal(joined)))) return joined;
    }
    return undefined;
  };
  const unshipped = (at: string, what: string, path: string) => {
    const repositoryPath = repositoryPathOf(path);
    problems.push(
      repositoryPath === undefined
        ? `${at}: ${what}, which is neither in the published package nor in the repository: name it in words, or drop it`
        : `${at}: ${what}, which is not in the published package: link it in the repository, [\`${path}\`](${repositoryLink(context, repositoryPath)}), say "in the repository" on its line, or drop it`,
    );
  };

  /** The headings above the current line, by level. */
  const headings: string[] = [];
  let fenced = false;
  let fenceForMaintainers = false;
  let previous = '';
  /** Whether the table the line is in says "in the repository" in its header row (which places every row). */
  let tableInRepository = false;
  for (const [index, line] of readme.split('\n').entries()) {
    const at = `README.md:${index + 1}`;
    const maintainersSection = headings.some((heading) => FOR_MAINTAINERS.test(heading));
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      fenceForMaintainers = fenced && FOR_MAINTAINERS.test(previous);
      previous = line;
      continue;
    }
    if (/^\|/.test(line) && !/^\|/.test(previous)) tableInRepository = IN_THE_REPOSITORY.test(line);
    if (line.trim() !== '') previous = line;
    const title = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!fenced && title) {
      headings.length = title[1]!.length - 1;
      headings.push(title[2]!);
      continue;
    }
    const command = MONOREPO_COMMAND.exec(line);
    if (command && !maintainersSection && !(fenced ? fenceForMaintainers : FOR_MAINTAINERS.test(line))) {
      problems.push(`${at}: \`${command[0]}\` works only in a clone of the repository: put it under a heading (or after a sentence) for the repository's maintainers, or drop it`);
    }
    if (fenced) continue;
    const placed = maintainersSection || IN_THE_REPOSITORY.test(line) || (/^\|/.test(line) && tableInRepository);

    // Links: relative ones must ship; repository ones must name a path the repository has.
    const linked = new Set<string>();
    for (const [, label, target] of line.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)) {
      const href = target!.split('#')[0]!;
      for (const [, code] of label!.matchAll(/`([^`]+)`/g)) linked.add(code!);
      if (href.startsWith(`${context.repositoryWeb}/`)) {
        const path = new RegExp(`^${escapeRegExp(context.repositoryWeb)}/(?:blob|tree)/${escapeRegExp(context.branch)}/(.+)$`).exec(href)?.[1];
        if (path === undefined) problems.push(`${at}: links ${href}, not a path of the repository at ${context.repositoryWeb}/blob/${context.branch}/`);
        else if (!existsSync(join(context.repoRoot, literal(decodeURIComponent(path))))) problems.push(`${at}: links the repository's ${path}, which it does not have`);
        continue;
      }
      if (href === '' || /^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // an anchor, or another site
      if (!posix.normalize(href).startsWith('..') && shipped(posix.normalize(href))) continue;
      unshipped(at, `links ${href}`, href);
    }

    // Paths in code spans: a path whose first folder is one of the package's or the repository's.
    for (const [, code] of line.matchAll(/`([^`\n]+)`/g)) {
      if (linked.has(code!) || !isPathLike(code!, folders)) continue;
      const path = code!.replace(/^\.\//, '');
      if (!path.startsWith('..') && shipped(path)) continue;
      if (placed && repositoryPathOf(path) !== undefined) continue;
      unshipped(at, `cites \`${code}\``, path);
    }
  }
  return problems;
}

/** A code span that names a file or folder: no spaces, a slash, and a first segment that is a folder here. */
function isPathLike(code: string, folders: ReadonlySet<string>): boolean {
  if (/\s|:\/\/|^[/@]|[=()'"]/.test(code) || !code.includes('/')) return false;
  if (/^\.\.?\//.test(code)) return true;
  return folders.has(code.split('/')[0]!);
}

function topLevel(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
