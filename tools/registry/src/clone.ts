// A temporary clone of the committed repository (HEAD), set up as a contributor's clone is, and the
// commands run in it: shared by `pnpm walkthrough` (CONTRIBUTING's contract changes, in
// tools/contract-walkthrough), the release lifecycle test and `pnpm example:integrator`.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository: this file is tools/registry/{src,dist}/clone.{ts,js}. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Bound of any one command; a whole `pnpm build` under load stays well inside it. */
export const COMMAND_TIMEOUT_MS = 8 * 60_000;

export interface Run {
  code: number | null;
  /** stdout and stderr together, without colours. */
  output: string;
}

export interface Clone {
  dir: string;
  run(command: string, args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }): Run;
  pnpm(...args: string[]): Run;
  git(...args: string[]): string;
  read(file: string): string;
  write(file: string, text: string): void;
  /** Replaces `before` (which must occur once) in a file of the clone. */
  edit(file: string, before: string, after: string): void;
  commit(message: string): void;
  remove(): void;
}

/**
 * Clones HEAD into a temporary folder, starts it as just after a release (its pending changesets
 * removed, its tags deleted and a local `main` at the start, so `pnpm spec-diff` compares with the
 * starting point) unless `keepChangesets`, installs from the machine's pnpm store and builds what
 * a release publishes (`pnpm build:release`, from the original's turbo cache: seconds when nothing
 * changed). Not the docs site: nothing run in a clone reads it, and its cache key holds the
 * changesets, so a clone that drops them would build the whole site again.
 */
export function createClone(prefix: string, options: { keepChangesets?: boolean; env?: NodeJS.ProcessEnv } = {}): Clone {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const run: Clone['run'] = (command, args, runOptions = {}) => {
    const result: SpawnSyncReturns<string> = spawnSync(command, args, {
      cwd: runOptions.cwd ?? dir,
      encoding: 'utf8',
      timeout: COMMAND_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        CI: 'true',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        TURBO_TELEMETRY_DISABLED: '1',
        // turbo's cache is content-hashed: sharing the original's makes unchanged packages instant.
        TURBO_CACHE_DIR: process.env.TURBO_CACHE_DIR ?? join(repoRoot, '.turbo', 'cache'),
        ...options.env,
        ...runOptions.env,
      },
    });
    if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
    return { code: result.status, output: `${result.stdout}\n${result.stderr}` };
  };
  const git = (...args: string[]) => {
    const result = run('git', args);
    if (result.code !== 0) throw new Error(`git ${args.join(' ')} failed:\n${result.output}`);
    return result.output;
  };
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const write = (file: string, text: string) => writeFileSync(join(dir, file), text);
  const clone: Clone = {
    dir,
    run,
    pnpm: (...args) => run('pnpm', args),
    git,
    read,
    write,
    edit(file, before, after) {
      const text = read(file);
      if (text.split(before).length !== 2) throw new Error(`${file}: expected "${before}" once`);
      write(file, text.replace(before, after));
    },
    commit(message) {
      git('add', '--all');
      git('commit', '--quiet', '-m', message);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };

  // The committed repository (HEAD), as a contributor's clone has it.
  const cloned = spawnSync('git', ['clone', '--quiet', repoRoot, dir], { encoding: 'utf8' });
  if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
  git('config', 'user.name', 'walkthrough');
  git('config', 'user.email', 'walkthrough@example.com');
  git('config', 'commit.gpgsign', 'false');
  git('checkout', '--quiet', '-b', 'walkthrough');
  if (!options.keepChangesets) {
    // As just after a release: no pending changeset and this commit the base spec-diff compares
    // with (a local main at it, and no release tag, whose newest would otherwise be the base).
    for (const tag of git('tag', '--list').split('\n').filter(Boolean)) git('tag', '--delete', tag);
    for (const file of git('ls-files', '.changeset/*.md').split('\n').filter((f) => f && f !== '.changeset/README.md')) git('rm', '--quiet', file);
    clone.commit('walkthrough: start as just after a release');
    git('branch', '--force', 'main', 'HEAD');
  }
  // The store on this machine already holds every package of the lockfile.
  const install = clone.pnpm('install', '--offline', '--frozen-lockfile');
  if (install.code !== 0) throw new Error(`pnpm install --offline --frozen-lockfile failed in the copy:\n${install.output}`);
  const build = clone.pnpm('build:release');
  if (build.code !== 0) throw new Error(`pnpm build:release failed in the untouched copy:\n${build.output}`);
  return clone;
}
