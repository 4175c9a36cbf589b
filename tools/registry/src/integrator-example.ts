#!/usr/bin/env node
// `pnpm example:integrator [--report <file>] [--also-on <major>=<file>]... [--write-lock]`: what an integrator in another repository does, on the
// release this commit would make, through the README's own Install commands: a fresh `pnpm
// registry`, then `pnpm release:local` (HEAD's pending changesets applied in a temporary clone and
// published by `pnpm release`: release.ts); then examples/integrator as committed, exported outside
// the workspace, installed with npm from that registry by its
// semver ranges, type-checked with TypeScript 5.9 and 7, and its vitest suite run (files in
// parallel against one sandbox). Every service and folder it made is gone when it ends, however it
// ends. Node and npm are the ones on PATH; `--also-on 24=<file>` then runs the same installed suite
// again under that Node (`.ci/node-matrix.sh`, the pinned versions), its report written to <file>.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './clone.js';
import { filesRanInParallel, type VitestReport } from './parallel.js';
import { type LockFile, dropScope, thirdPartyDifferences } from './lockfile.js';
import { SCOPE } from './registry.js';
import { type RegistryProcess as Registry, startRegistryProcess } from './registry-process.js';

const EXAMPLE = join('examples', 'integrator');
const STEP_TIMEOUT_MS = 8 * 60_000;

function say(line: string) {
  process.stdout.write(`example:integrator: ${line}\n`);
}

class StepFailed extends Error {}

/** Runs a command in the consumer folder, its output shown; a failure stops the run. */
function step(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  say(`${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', timeout: STEP_TIMEOUT_MS, env: { ...process.env, ...env } });
  if (result.status !== 0) throw new StepFailed(`${name} failed (${result.error ? result.error.message : `exit ${result.status ?? result.signal}`})`);
}

/**
 * The release command the registry printed for itself, run from the repository exactly as printed
 * (through sh, as a user pastes it), the README's Install section's second command.
 */
function releaseLocal(registry: Registry) {
  step('release:local', 'sh', ['-c', registry.releaseCommand], repoRoot);
}

/** The example as committed at HEAD (not the working tree), written into `into`. */
function exportCommitted(into: string) {
  const archive = spawnSync('git', ['archive', '--format=tar', 'HEAD', EXAMPLE], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024, timeout: STEP_TIMEOUT_MS });
  if (archive.status !== 0) throw new StepFailed(`git archive HEAD ${EXAMPLE} failed: ${archive.stderr}`);
  const unpacked = spawnSync('tar', ['-x', '-C', into, `--strip-components=${EXAMPLE.split('/').length}`], { input: archive.stdout, timeout: STEP_TIMEOUT_MS });
  if (unpacked.status !== 0) throw new StepFailed(`unpacking ${EXAMPLE} failed: ${unpacked.stderr}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { report: { type: 'string' }, 'also-on': { type: 'string', multiple: true }, 'write-lock': { type: 'boolean' } }, strict: true });
  const report = values.report ? resolve(values.report) : undefined;
  if (report) rmSync(report, { force: true });
  const alsoOn = (values['also-on'] ?? []).map((entry) => {
    const match = /^(\d+(?:\.\d+\.\d+)?)=(.+)$/.exec(entry);
    if (!match) throw new StepFailed(`--also-on takes <major or x.y.z>=<report file>, such as 24=node-24.json (got "${entry.slice(0, 40)}")`);
    const file = resolve(match[2]!);
    rmSync(file, { force: true });
    return { major: match[1]!, file };
  });

  const storage = mkdtempSync(join(tmpdir(), 'integrator-registry-'));
  const consumer = mkdtempSync(join(tmpdir(), 'integrator-example-'));
  let registry: Registry | undefined;
  const cleanUp = async () => {
    await registry?.close();
    rmSync(storage, { recursive: true, force: true });
    rmSync(consumer, { recursive: true, force: true });
  };
  // Ctrl-C or a CI timeout: stop the registry and remove the folders before going.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

  try {
    registry = await startRegistryProcess(storage);
    say(`fresh registry at ${registry.url}`);
    releaseLocal(registry);

    // The example as committed, in a folder of its own: another repository.
    exportCommitted(consumer);
    // The committed .npmrc, plus the line the registry printed for our scope.
    const npmrc = join(consumer, '.npmrc');
    writeFileSync(npmrc, `${existsSync(npmrc) ? readFileSync(npmrc, 'utf8') : ''}${SCOPE}:registry=${registry.url}\n`);
    // The lockfile pins everything but our scope, which comes from the registry by package.json's
    // ranges (README, "The lockfile"); npm install adds our packages to it.
    const lockPath = join(consumer, 'package-lock.json');
    const committed = (existsSync(lockPath) ? JSON.parse(readFileSync(lockPath, 'utf8')) : {}) as LockFile;
    writeFileSync(join(consumer, 'package-lock.json'), `${JSON.stringify(dropScope(committed, SCOPE), null, 2)}\n`);
    step('install', 'npm', ['install', '--no-audit', '--no-fund'], consumer);
    const installed = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')) as LockFile;
    const drift = thirdPartyDifferences(committed, installed, SCOPE);
    if (values['write-lock']) {
      // Regenerating: the committed lockfile becomes what npm just resolved, our scope left out.
      writeFileSync(join(repoRoot, EXAMPLE, 'package-lock.json'), `${JSON.stringify(dropScope(installed, SCOPE), null, 2)}\n`);
      say(`wrote ${EXAMPLE}/package-lock.json (${drift.length} entries changed)`);
    } else if (drift.length > 0) {
      throw new StepFailed(`the committed package-lock.json is out of date outside ${SCOPE} (npm install changed: ${drift.join(', ')}); regenerate it (examples/integrator/README.md, "The lockfile")`);
    } else {
      say(`lockfile: every package outside ${SCOPE} installed as committed`);
    }
    step('type-check', 'npm', ['run', 'typecheck'], consumer);
    const json = report ?? join(consumer, 'test-report.json');
    step('test', 'npx', ['--no-install', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], consumer);
    const parallel = filesRanInParallel(JSON.parse(readFileSync(json, 'utf8')) as VitestReport);
    say(`${parallel.files} test files, at most ${parallel.atOnce} at once`);
    if (parallel.atOnce < 2) throw new StepFailed('the test files ran one after another, not in parallel');
    // The same installed repository under the other Node versions integrators run (issue: Node 22, 24).
    for (const { major, file } of alsoOn) {
      const matrix = join(repoRoot, '.ci', 'node-matrix.sh');
      step(`test on Node ${major}`, matrix, [major, 'npx', '--no-install', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], consumer);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`example:integrator: ${error instanceof Error ? error.message : String(error)}\n`);
    // A run that stopped before its tests wrote no report (removed at the start): .ci/run counts that as a failure.
    return 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`example:integrator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
