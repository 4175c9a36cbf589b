// Command line: `spec-diff [--base <git-ref>]`. Exit 0: no breaking change lacks a major
// changeset; 1: some does; 2: unusable input (unknown ref, missing bundles, bad arguments).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnusableInput } from './errors.js';
import { runGate } from './gate.js';

export const usage = `usage: spec-diff [--base <git-ref>]

Compares each bundle in specs/dist with the same bundle built at <git-ref> (default: the newest
release tag @messaging-contracts/*@*, else the merge-base of HEAD with main), prints each breaking
change as "<interface>  <json pointer>  <what changed>", and fails when an interface with breaking
changes has no major changeset for @messaging-contracts/<interface>-types.`;

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

function parseArgs(argv: string[]): { base?: string; help: boolean } {
  let base: string | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--base') {
      base = argv[++i];
      if (!base) throw new UnusableInput('--base needs a git ref');
    } else if (arg.startsWith('--base=')) base = arg.slice('--base='.length);
    else throw new UnusableInput(`unknown argument: ${arg}`);
  }
  return { base, help };
}

export async function main(argv: string[], io: Io = processIo, repoRoot = defaultRepoRoot): Promise<0 | 1 | 2> {
  try {
    const { base, help } = parseArgs(argv);
    if (help) {
      io.out(usage);
      return 0;
    }
    return await runGate({ repoRoot, base, out: io.out, err: io.err });
  } catch (error) {
    // Exit 1 means "breaking changes without a changeset"; a crash must not read as that.
    io.err(`spec-diff: ${error instanceof UnusableInput ? error.message : `internal error: ${(error as Error).stack ?? error}`}`);
    return 2;
  }
}
