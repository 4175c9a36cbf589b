// Command line: `spec-diff [--base <git-ref>] [--dist <dir>]`. Exit 0: every contract change has its
// changesets; 1: some lacks one; 2: unusable input (unknown ref, unusable bundles, bad arguments).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnusableInput } from './errors.js';
import { runGate } from './gate.js';

export const usage = `usage: spec-diff [--base <git-ref>] [--dist <dir>] [--write-changeset]
Compares each bundle in specs/dist (or <dir>) with the same bundle built at <git-ref> (default: the
newest release tag @messaging-contracts/*@*, else the merge-base of HEAD with main). Prints the ref
and commit compared, each change as "<interface>  <json pointer>  <what changed>  [<kind>: <bump>]",
and fails when a published package the change alters (the contract package, the interface's types
and client, every package depending on them) has no changeset of that bump added since the base.
--write-changeset writes that changeset into .changeset/ (the changes as its summary), then judges again.
Exit 0 covered, 1 a changeset is missing, 2 unusable input.`;

// dist/main.js (or src/main.ts) sits in tools/spec-diff; the repository is three levels up.
const defaultRepoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function parseArgs(argv: string[]): { base?: string; dist?: string; help: boolean; writeChangeset: boolean } {
  let base: string | undefined;
  let dist: string | undefined;
  let help = false;
  let writeChangeset = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--write-changeset') writeChangeset = true;
    else if (arg === '--base') {
      base = argv[++i];
      if (!base) throw new UnusableInput('--base needs a git ref');
    } else if (arg.startsWith('--base=')) base = arg.slice('--base='.length);
    else if (arg === '--dist') {
      dist = argv[++i];
      if (!dist) throw new UnusableInput('--dist needs a folder of bundles');
    } else if (arg.startsWith('--dist=')) dist = arg.slice('--dist='.length);
    else throw new UnusableInput(`unknown argument: ${arg}`);
  }
  return { base, dist, help, writeChangeset };
}

const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];

export async function main(argv: string[], io: Io = processIo, repoRoot = defaultRepoRoot): Promise<0 | 1 | 2> {
  try {
    const { base, dist, help, writeChangeset } = parseArgs(argv);
    if (help) {
      io.out(usage);
      return 0;
    }
    return await runGate({ repoRoot, base, writeChangeset, ...(dist ? { afterDir: resolve(dist) } : {}), out: io.out, err: io.err });
  } catch (error) {
    // Exit 1 means "breaking changes without a changeset"; a crash must not read as that.
    // One line, never a stack trace (issue 12, item 16): the message is what the user can act on.
    io.err(`spec-diff: ${error instanceof UnusableInput ? error.message : `cannot compare: ${firstLine(error)}`}`);
    return 2;
  }
}
