// Cold import time: a fresh node process per sample imports the package once. The process reports
// the import's own time (performance.now() around `await import()`); the wall time of the whole
// process (node's start-up included) is measured from here. Targets take turns, rotating.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ImportSample {
  /** ms inside the process, around `await import(specifier)`. */
  importMs: number;
  /** ms from spawn to exit. */
  wallMs: number;
}

const cwd = fileURLToPath(new URL('..', import.meta.url));

/** One fresh process importing `specifier` (resolved from this package); `null` imports nothing. */
export function importOnce(specifier: string | null): ImportSample {
  const code =
    specifier === null
      ? 'process.stdout.write("0")'
      : `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd, encoding: 'utf8', timeout: 30_000 });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`importing ${specifier} failed: ${child.stderr || child.error}`);
  return { importMs: Number(child.stdout), wallMs };
}
