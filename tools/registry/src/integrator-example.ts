#!/usr/bin/env node
// `pnpm example:integrator [--report <file>] [--also-on <major>=<file>]... [--write-lock]`: what an integrator in another repository does, on the
// release this commit would make. A fresh local registry; a clone of HEAD versioned by its pending
// changesets (`changeset version`) and published by `pnpm release` (with NPM_CONFIG_REGISTRY); then
// examples/integrator, copied outside the workspace, installed with npm from that registry by its
// semver ranges, type-checked with TypeScript 5.9 and 7, and its vitest suite run (files in
// parallel against one sandbox). Every service and folder it made is gone when it ends, however it
// ends. Node and npm are the ones on PATH; `--also-on 24=<file>` then runs the same installed suite
// again under that Node (`.ci/node-matrix.sh`, the pinned versions), its report written to <file>.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Clone, createClone, repoRoot } from './clone.js';
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

/** In the clone: the versions the pending changesets give, then `pnpm release` to the registry. */
function release(clone: Clone, registry: Registry): void {
  const versioned = clone.pnpm('changeset', 'version');
  if (versioned.code !== 0) throw new StepFailed(`changeset version failed:\n${versioned.output}`);
  const published = clone.run('pnpm', ['release', '--no-git-tag'], { env: { NPM_CONFIG_REGISTRY: registry.url, npm_config_userconfig: registry.npmrcFile } });
  if (published.code !== 0) throw new StepFailed(`pnpm release failed:\n${published.output}`);
  const lines = published.output.split('\n').filter((line) => /^🦋\s+@messaging-contracts\//.test(line));
  say(`published ${lines.length} packages to ${registry.url}: ${lines.map((line) => line.replace(/^🦋\s+@messaging-contracts\//, '')).join(', ')}`);
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
  let clone: Clone | undefined;
  const cleanUp = async () => {
    await registry?.close();
    clone?.remove();
    rmSync(storage, { recursive: true, force: true });
    rmSync(consumer, { recursive: true, force: true });
  };
  // Ctrl-C or a CI timeout: stop the registry and remove the folders before going.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

  try {
    registry = await startRegistryProcess(storage);
    say(`fresh registry at ${registry.url}`);
    clone = createClone('integrator-release-', { keepChangesets: true });
    release(clone, registry);

    // The example as committed, in a folder of its own: another repository.
    cpSync(join(clone.dir, EXAMPLE), consumer, { recursive: true, filter: (source) => !source.includes('node_modules') });
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
