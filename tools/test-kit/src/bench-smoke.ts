// `pnpm bench` is run by people, not by CI, so a change could break it unseen (the pins merge did:
// the validators' bench imported TypeScript that plain node cannot load). Each bench's smoke test
// runs its package's bench script as `pnpm bench` does, with the bench's own knobs turned down to
// seconds, and checks that it ends cleanly and prints every figure its targets are read from.
// Nothing here asserts a speed: the figures of a run this short mean nothing.
import { type CliRun, spawnCommand } from './spawn-cli.js';

/**
 * Runs `pnpm run <script> [args]` in `packageDir`, with `env` added: exit code and output. `script`
 * is `bench`, or `bench:run` where `bench` first builds with turbo: a test runs after its package's
 * build, and a turbo build inside the test run would restore other packages' `dist/` while their
 * tests read it.
 */
export const runBench = (packageDir: string, script: 'bench' | 'bench:run', env: Record<string, string>, args: string[] = [], limitMs = 240_000): Promise<CliRun> =>
  spawnCommand('pnpm', ['run', script, ...args], { cwd: packageDir, env, limitMs, group: true });

/** A printed figure: digits with thousands separators or a decimal point, never NaN or Infinity. */
export const FIGURE = String.raw`\d[\d,]*(?:\.\d+)?`;
