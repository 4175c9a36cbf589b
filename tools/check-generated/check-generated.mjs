#!/usr/bin/env node
// check-generated: regenerates the generated files from the committed specs, then fails when any
// generated folder differs from what git has committed: a changed file, a deleted one, or a new
// file the generator writes that was never committed. A test run rebuilds the generated files
// first, so no test comparing them with a fresh generation can see a stale commit; this compares
// with git instead (issue 13, item 1).
//
// By default it builds only the packages that own a generated folder (the nearest package.json
// above it, or a turbo.json that names src/generated among its build outputs) and, through
// turbo's task graph (`^build`), what they depend on: the bundles, the generators. Nothing
// downstream (clients, webhooks, sandbox, docs) can change a generated folder, so building it
// would only cost time. A folder outside any workspace package falls back to the whole `pnpm build`.
//
//   check-generated                      build the owners (`pnpm exec turbo run build --filter=<owner> ...`), then compare
//   check-generated --build "<command>"  regenerate with another command (a shell command line), e.g. "pnpm build"
//   check-generated --no-build           compare only (after a build that already ran)
//
// Exit 0 in step, 1 drift (each file named, with the command to run), 2 unusable (no git, a failed build).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders never searched: dependencies, build output, VCS and tool caches. */
const skipped = new Set(['node_modules', '.git', 'dist', '.turbo', 'coverage']);

/** Calls `visit` with every folder under `root` (the root too) but the skipped ones, parents first. */
function walkDirs(root, visit) {
  const walk = (dir) => {
    visit(dir);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.isSymbolicLink() && !skipped.has(entry.name)) walk(join(dir, entry.name));
    }
  };
  walk(root);
}

/**
 * Every `<...>/src/generated` folder under `root`, found by walking the tree (so a package added
 * later, such as packages/validators, is covered without editing a list).
 */
export function generatedDirs(root) {
  const found = [];
  walkDirs(root, (dir) => {
    if (dir.endsWith(`${sep}src${sep}generated`)) found.push(relative(root, dir));
  });
  return found.sort();
}

/** The name in the package.json of `dir`, if it has one; throws, naming the file, if it is not JSON. */
function packageName(dir) {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  try {
    return JSON.parse(readFileSync(manifest, 'utf8')).name || undefined;
  } catch (error) {
    throw new Error(`${manifest}: ${error.message}`);
  }
}

/**
 * The workspace packages that write a generated folder, by name: the nearest package.json above
 * each folder in `dirs` (below `root`), and every package whose turbo.json names `src/generated`
 * (its build outputs), so that a package whose generated folder was never committed still counts.
 * `undefined` stands for a folder that no package below the root owns.
 */
export function ownersOf(root, dirs) {
  const owners = dirs.map((dir) => {
    for (let at = dirname(join(root, dir)); at.startsWith(root + sep); at = dirname(at)) {
      if (existsSync(join(at, 'package.json'))) return packageName(at);
    }
    return undefined;
  });
  walkDirs(root, (dir) => {
    const turbo = join(dir, 'turbo.json');
    if (dir !== root && existsSync(turbo) && readFileSync(turbo, 'utf8').includes('src/generated')) owners.push(packageName(dir));
  });
  return [...new Set(owners)];
}

/**
 * The command that regenerates the folders: turbo builds their owners, each with what it depends
 * on (`dependsOn: ["^build"]`); the whole `pnpm build` when a folder has no owning package.
 */
export function defaultBuild(root, dirs) {
  const owners = ownersOf(root, dirs);
  if (owners.length === 0 || owners.includes(undefined)) return 'pnpm build';
  return `pnpm exec turbo run build ${owners.sort().map((name) => `--filter=${name}`).join(' ')}`;
}

/** `git status --porcelain` lines for the folders, untracked files included. */
export function driftIn(root, dirs) {
  if (dirs.length === 0) return [];
  const output = execFileSync('git', ['status', '--porcelain=v1', '--untracked-files=all', '--', ...dirs], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return output.split('\n').filter((line) => line.length > 0);
}

const states = { M: 'differs from the committed file', D: 'is committed but no longer generated', '??': 'is generated but not committed', A: 'is staged but not committed' };

/** One line per drifted file: what is wrong with it. */
export function describeDrift(line) {
  const code = line.slice(0, 2).trim();
  const file = line.slice(3);
  return `${file} ${states[code] ?? states[code[0]] ?? `has git status "${code}"`}`;
}

export function main(argv, root, io = { out: console.log, err: console.error }) {
  let build = 'owners';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--no-build') build = undefined;
    else if (argv[i] === '--build' && argv[i + 1]) build = argv[++i];
    else {
      io.err(`check-generated: unknown argument ${argv[i]} (usage: check-generated [--no-build | --build "<command>"])`);
      return 2;
    }
  }
  // The command named when the files are stale: the one given, else the owners' build.
  let regenerate = build;
  if (build === 'owners' || build === undefined) {
    try {
      regenerate = defaultBuild(root, generatedDirs(root));
    } catch (error) {
      io.err(`check-generated: cannot tell which packages own the generated folders: ${error.message}`);
      return 2;
    }
  }
  if (build === 'owners') build = regenerate;
  if (build) {
    const result = spawnSync(build, { cwd: root, shell: true, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) {
      io.err(`check-generated: "${build}" failed (exit ${result.status ?? result.signal}); fix the build first:\n${(result.stderr ?? '').trim()}`);
      return 2;
    }
  }
  // Found again after the build: a generator may have written a folder git has never seen.
  const dirs = generatedDirs(root);
  let drift;
  try {
    drift = driftIn(root, dirs);
  } catch (error) {
    io.err(`check-generated: git status failed in ${root}: ${String(error.stderr ?? error.message).split('\n')[0]}`);
    return 2;
  }
  if (drift.length === 0) {
    io.out(`check-generated: ${dirs.length} generated folder(s) match the committed specs (${dirs.join(', ') || 'none found'})`);
    return 0;
  }
  for (const line of drift) io.err(`check-generated: ${describeDrift(line)}`);
  io.err(`check-generated: the committed generated files are stale: run \`${regenerate}\` and commit ${dirs.length === 1 ? dirs[0] : 'the generated folders'}`);
  return 1;
}

// tools/check-generated/check-generated.mjs: the repository is two levels up.
if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2), join(fileURLToPath(import.meta.url), '..', '..', '..'));
}
