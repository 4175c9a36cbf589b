// The gate: every breaking change to an interface needs a major changeset for its types package.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { bundlesAt } from './base-bundles.js';
import { type BaseRef, commitOf, resolveBaseRef, shortCommit } from './base-ref.js';
import { majorBumps, typesPackageOf } from './changesets.js';
import { diffContract, type Json } from './diff.js';
import { UnusableInput } from './errors.js';

/** One interface at the base and now; a side is undefined where the interface does not exist. */
export interface Comparison {
  id: string;
  before?: Json;
  after?: Json;
}

export interface Outcome {
  exitCode: 0 | 1;
  /** Breaking changes (`<id>  <json pointer>  <what changed>`), then one summary line per interface. */
  lines: string[];
  /** What fails the gate: interfaces whose breaking changes have no major changeset. */
  errors: string[];
}

export function evaluate(comparisons: Comparison[], majors: Set<string>): Outcome {
  const lines: string[] = [];
  const summaries: string[] = [];
  const errors: string[] = [];
  for (const { id, before, after } of comparisons) {
    if (before === undefined) {
      summaries.push(`${id}: new interface (not at the base), nothing to compare: not breaking`);
      continue;
    }
    const changes =
      after === undefined
        ? [{ pointer: '#', what: 'removed the interface (its bundle is gone)', type: 'breaking' }]
        : diffContract(before, after);
    const breaking = changes.filter((change) => change.type === 'breaking');
    for (const change of breaking) lines.push(`${id}  ${change.pointer}  ${change.what}`);
    const pkg = typesPackageOf(id);
    if (breaking.length === 0) {
      summaries.push(`${id}: no breaking changes (${changes.length} other change(s))`);
    } else if (majors.has(pkg)) {
      summaries.push(`${id}: ${breaking.length} breaking change(s), covered by a major changeset for ${pkg}`);
    } else {
      summaries.push(`${id}: ${breaking.length} breaking change(s), and no major changeset for ${pkg}`);
      errors.push(`${id} has breaking changes: add a major changeset for ${pkg} (pnpm changeset)`);
    }
  }
  return { exitCode: errors.length > 0 ? 1 : 0, lines: [...lines, ...summaries], errors };
}

export interface GateOptions {
  /** The work tree: specs/, specs/dist and .changeset/ are read from here, git runs here. */
  repoRoot: string;
  /** Git ref to compare with; default: the newest release tag, else the merge-base with main. */
  base?: string;
  /** Where the current bundles are; default `<repoRoot>/specs/dist`. */
  afterDir?: string;
  /** Redocly CLI used to bundle the base; default the one installed in `<repoRoot>/specs`. */
  redocly?: string;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

function apiIdsOf(specsDir: string): string[] {
  const config = join(specsDir, 'redocly.yaml');
  if (!existsSync(config)) throw new UnusableInput(`${config} not found: is ${specsDir} a specs folder?`);
  return Object.keys(parse(readFileSync(config, 'utf8'))?.apis ?? {});
}

function loadAfter(afterDir: string, id: string): Json {
  const file = join(afterDir, `${id}.json`);
  if (!existsSync(file)) throw new UnusableInput(`${file} not found: run pnpm build first`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UnusableInput(`${file} is not JSON: ${(error as Error).message}`);
  }
}

/** Runs the gate; throws UnusableInput when it cannot (exit code 2). */
export async function runGate(options: GateOptions): Promise<0 | 1> {
  const { repoRoot } = options;
  const out = options.out ?? ((line) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line) => process.stderr.write(`${line}\n`));
  const afterDir = options.afterDir ?? join(repoRoot, 'specs', 'dist');
  const redocly = options.redocly ?? join(repoRoot, 'specs', 'node_modules', '.bin', 'redocly');

  const base: BaseRef = options.base ? { ref: options.base, reason: 'ref given with --base' } : resolveBaseRef(repoRoot);
  const commit = commitOf(repoRoot, base.ref);
  const afterIds = apiIdsOf(join(repoRoot, 'specs'));
  const afterBundles = new Map(afterIds.map((id) => [id, loadAfter(afterDir, id)]));
  let majors: Set<string>;
  try {
    majors = await majorBumps(repoRoot);
  } catch (error) {
    throw new UnusableInput(`cannot read .changeset: ${(error as Error).message}`);
  }
  const at = await bundlesAt(repoRoot, commit, redocly);

  const short = shortCommit(repoRoot, commit);
  const named = commit.startsWith(base.ref) ? short : `${base.ref} (${short})`;
  out(`spec-diff: ${relative(repoRoot, afterDir) || '.'} compared with ${named}, the ${base.reason}`);
  if (!at.hasSpecs) out(`spec-diff: ${base.ref} has no specs/: every interface is new there`);
  // Interfaces now, then interfaces only the base has (removed since).
  const ids = [...afterIds, ...[...at.bundles.keys()].filter((id) => !afterBundles.has(id))];
  const outcome = evaluate(
    ids.map((id) => ({ id, before: at.bundles.get(id), after: afterBundles.get(id) })),
    majors,
  );
  for (const line of outcome.lines) out(line);
  for (const line of outcome.errors) err(`spec-diff: ${line}`);
  return outcome.exitCode;
}
