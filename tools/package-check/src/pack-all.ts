import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { packPackage, type PackedPackage } from './pack.js';
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

/** Packs every package into `destination`, two at a time (pnpm pack is mostly process start-up). */
export async function packAll(packages: readonly WorkspacePackage[], destination: string): Promise<PackOutcome[]> {
  const outcomes: PackOutcome[] = new Array(packages.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < packages.length) {
      const index = next++;
      const pkg = packages[index] as WorkspacePackage;
      try {
        outcomes[index] = { ok: true, packed: await packPackage(pkg, destination) };
      } catch (error) {
        outcomes[index] = { ok: false, name: pkg.name, error: error instanceof Error ? error.message : String(error) };
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return outcomes;
}
