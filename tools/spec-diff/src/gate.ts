// The gate: every contract change needs a changeset for each published package it alters, at least
// at the bump the change needs (major for a breaking change once something is released, minor before).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { affectedPackages, readWorkspace } from './affected.js';
import { bundlesAt } from './base-bundles.js';
import { inlineCallbackPathItems } from './canonical.js';
import { type BaseRef, commitOf, headCommit, releaseTags, resolveBaseRef } from './base-ref.js';
import { assertUsableBundle } from './bundle-shape.js';
import { type Bump, covers, highest, preReleaseRule, requiredBump } from './bumps.js';
import { addedBumps } from './changesets.js';
import { type ChangesetToWrite, writeChangeset } from './write-changeset.js';
import { type Change, diffContract, type Json } from './diff.js';
import { UnusableInput } from './errors.js';
import { sameJson } from './same-json.js';

/** One interface at the base and now; a side is undefined where the interface does not exist. */
export interface Comparison {
  id: string;
  before?: Json;
  after?: Json;
}

export interface Outcome {
  exitCode: 0 | 1;
  /** Each change (`<id>  <json pointer>  <what changed>  [<kind>: <bump>]`), then one summary line per interface. */
  lines: string[];
  /** What fails the gate: packages a change alters without a changeset of the needed bump. */
  errors: string[];
  /** The changeset that would cover every such package (`--write-changeset` writes it); none when covered. */
  changeset?: ChangesetToWrite;
}

export interface Context {
  /** The highest bump per package of the changesets added since the base. */
  bumps: Map<string, Bump>;
  /** The published packages a change to an interface alters. */
  affected: (id: string) => string[];
  /** Whether the base is a release. Before the first release a breaking change needs a minor bump (`requiredBump`). */
  released: boolean;
}

/** The changes of one interface; throws UnusableInput when the bundles cannot be compared. */
function changesOf(id: string, before: Json, after: Json): Change[] {
  try {
    return diffContract(before, after);
  } catch (error) {
    // The depth bound (bundle-shape.ts) keeps nesting shallow; a $ref chain can still go deep.
    if (error instanceof RangeError) throw new UnusableInput(`${id}: too deeply nested to compare (${error.message})`);
    throw error;
  }
}

export function evaluate(comparisons: Comparison[], context: Context): Outcome {
  const lines: string[] = [];
  const summaries: string[] = [];
  const errors: string[] = [];
  const releases = new Map<string, Bump>();
  const summary: string[] = [];
  for (const { id, before, after } of comparisons) {
    let changes: Array<Pick<Change, 'pointer' | 'what' | 'type'>>;
    if (before === undefined) changes = [{ pointer: '#', what: 'added the interface (not at the base)', type: 'non-breaking' }];
    else if (after === undefined) changes = [{ pointer: '#', what: 'removed the interface (its bundle is gone)', type: 'breaking' }];
    else {
      changes = changesOf(id, before, after);
      // A bundle can differ outside what the diff reads (info, tags, descriptions of components);
      // callbacks held inline or as a $ref are the same contract (canonical.ts).
      if (changes.length === 0 && !sameJson(inlineCallbackPathItems(before), inlineCallbackPathItems(after))) {
        changes = [{ pointer: '#', what: 'changed the bundle outside paths, webhooks and security', type: 'annotation' }];
      }
    }
    // One bump per change, the same in every line, the gate's verdict and the changeset written.
    const bumpOf = (change: Pick<Change, 'type'>) => requiredBump(change.type, context.released);
    for (const change of changes) lines.push(`${id}  ${change.pointer}  ${change.what}  [${change.type}: ${bumpOf(change)}]`);
    const required = highest(changes.map(bumpOf));
    if (required === undefined) {
      summaries.push(`${id}: no changes`);
      continue;
    }
    const breaking = changes.filter((change) => change.type === 'breaking').length;
    const packages = context.affected(id);
    const missing = packages.filter((pkg) => !covers(context.bumps.get(pkg), required));
    const counted = `${changes.length} change(s), ${breaking} breaking, needing a ${required} bump`;
    summaries.push(
      missing.length === 0
        ? `${id}: ${counted}; covered by changesets for ${packages.join(', ')}`
        : `${id}: ${counted}; no ${required} changeset for ${missing.join(', ')}`,
    );
    for (const pkg of missing) {
      const has = context.bumps.get(pkg);
      errors.push(`${id} changed: add a ${required} changeset for ${pkg} (it has ${has ? `only a ${has} one` : 'none'} added since the base): pnpm spec-diff --write-changeset`);
      releases.set(pkg, highest([required, ...(releases.has(pkg) ? [releases.get(pkg)!] : [])])!);
    }
    if (missing.length > 0) for (const change of changes) summary.push(`${id}: ${change.what} (\`${change.pointer}\`, ${change.type})`);
  }
  return {
    exitCode: errors.length > 0 ? 1 : 0,
    lines: [...lines, ...summaries],
    errors,
    ...(releases.size > 0 ? { changeset: { releases, summary } } : {}),
  };
}

export interface GateOptions {
  /** The work tree: specs/, .changeset/ and the workspace are read from here, git runs here. */
  repoRoot: string;
  /** Git ref to compare with; default: the newest release tag, else the merge-base with main. */
  base?: string;
  /** Where the current bundles are; default `<repoRoot>/specs/dist`. */
  afterDir?: string;
  /** Redocly CLI used to bundle the base; default the one installed in `<repoRoot>/specs`. */
  redocly?: string;
  /** Where base bundles are kept between runs; default `defaultDiskCache` (base-bundles.ts). */
  diskCache?: string;
  /** Write the changeset the gate asks for into `.changeset/`, then judge again with it. */
  writeChangeset?: boolean;
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
  let bundle: Json;
  try {
    bundle = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UnusableInput(`${file} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  assertUsableBundle(bundle, file);
  return bundle;
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
  // The current bundles before the base is bundled: an unusable one stops the gate at once.
  const afterIds = apiIdsOf(join(repoRoot, 'specs'));
  const afterBundles = new Map(afterIds.map((id) => [id, loadAfter(afterDir, id)]));
  let added: Awaited<ReturnType<typeof addedBumps>>;
  try {
    added = await addedBumps(repoRoot, commit);
  } catch (error) {
    throw new UnusableInput(`cannot read .changeset: ${(error as Error).message.split('\n')[0]}`);
  }
  const at = await bundlesAt(repoRoot, commit, redocly, options.diskCache);
  for (const [id, bundle] of at.bundles) assertUsableBundle(bundle, `${id} bundled at ${commit}`);
  const workspace = readWorkspace(repoRoot);
  const allIds = [...new Set([...afterIds, ...at.bundles.keys()])];
  const released = releaseTags(repoRoot).length > 0;

  out(`spec-diff: compared ${relative(repoRoot, afterDir) || '.'} with ${base.ref === commit ? 'commit' : `${base.ref}, commit`} ${commit} (the ${base.reason})`);
  if (!released) out(`spec-diff: no release tag (@messaging-contracts/*@*) yet: ${preReleaseRule}; every contract change still needs a changeset`);
  if (commit === headCommit(repoRoot)) out('spec-diff: the base is HEAD itself: only uncommitted changes to the bundles are compared, not what was committed since a release');
  if (!at.hasSpecs) out(`spec-diff: ${base.ref} has no specs/: every interface is new there`);
  out(`spec-diff: changesets added since the base (only these count): ${added.names.length > 0 ? added.names.join(', ') : 'none'}`);
  // Interfaces now, then interfaces only the base has (removed since).
  const ids = [...afterIds, ...[...at.bundles.keys()].filter((id) => !afterBundles.has(id))];
  const comparisons = ids.map((id) => ({ id, before: at.bundles.get(id), after: afterBundles.get(id) }));
  const judge = (bumps: Map<string, Bump>) => evaluate(comparisons, { bumps, released, affected: (id) => affectedPackages(workspace, id, allIds) });
  let outcome = judge(added.bumps);
  if (options.writeChangeset && outcome.changeset) {
    const file = writeChangeset(repoRoot, outcome.changeset);
    out(`spec-diff: wrote ${relative(repoRoot, file)} (${[...outcome.changeset.releases].map(([pkg, bump]) => `${pkg}: ${bump}`).join(', ')}); say in it what changed for integrators, then commit it`);
    outcome = judge((await addedBumps(repoRoot, commit)).bumps);
  }
  for (const line of outcome.lines) out(line);
  for (const line of outcome.errors) err(`spec-diff: ${line}`);
  return outcome.exitCode;
}
