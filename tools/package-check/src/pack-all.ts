import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { packedFrom, packPackage, type PackedPackage } from './pack.js';
import { repoRoot, type WorkspacePackage } from './workspace.js';

const run = promisify(execFile);

export type PackOutcome = { ok: true; packed: PackedPackage } | { ok: false; name: string; error: string };

/**
 * Builds the given packages and what they depend on with turbo (a cache hit after `pnpm build`).
 * Returns turbo's error output, or undefined when the build succeeded: the caller decides whether
 * a failed build stops everything (release:dry) or fails only the affected tests.
 */
export async function buildPackages(packages: readonly WorkspacePackage[], root: string = repoRoot): Promise<string | undefined> {
  const filters = packages.map((pkg) => `--filter=${pkg.name}`);
  try {
    await run('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only', '--continue'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', REDOCLY_TELEMETRY: 'off' },
    });
    return undefined;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}\n${stderr}`.trim() || String(error);
  }
}

/**
 * Packs every package into `destination` with one `pnpm -r pack` (each `pnpm pack` is mostly pnpm
 * starting up: fourteen of them cost 5 s of CPU, one recursive run under 1 s). When the recursive
 * run fails, each package is packed on its own, so that the failure is told of the package it
 * belongs to and the others are still packed.
 */
export async function packAll(packages: readonly WorkspacePackage[], destination: string, root: string = repoRoot): Promise<PackOutcome[]> {
  try {
    return await packRecursively(packages, destination, root);
  } catch {
    return packEach(packages, destination);
  }
}

/** The one `pnpm -r pack` of packAll; it throws when that run fails, as packAll then packs each. */
export async function packRecursively(packages: readonly WorkspacePackage[], destination: string, root: string = repoRoot): Promise<PackOutcome[]> {
  const { stdout } = await run('pnpm', ['-r', ...packages.map((pkg) => `--filter=${pkg.name}`), 'pack', '--pack-destination', destination, '--json'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const written = new Map((JSON.parse(stdout) as { name: string; filename: string }[]).map((entry) => [entry.name, entry.filename]));
  return await Promise.all(
    packages.map(async (pkg): Promise<PackOutcome> => {
      const tarball = written.get(pkg.name);
      if (tarball === undefined) return { ok: false, name: pkg.name, error: `pnpm -r pack wrote no tarball for ${pkg.name}` };
      return { ok: true, packed: await packedFrom(pkg, tarball) };
    }),
  );
}

/** Packs the packages one by one, each failure its package's own. */
async function packEach(packages: readonly WorkspacePackage[], destination: string): Promise<PackOutcome[]> {
  const outcomes: PackOutcome[] = [];
  for (const pkg of packages) {
    try {
      outcomes.push({ ok: true, packed: await packPackage(pkg, destination) });
    } catch (error) {
      outcomes.push({ ok: false, name: pkg.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}
