import { defineConfig, type ViteUserConfig } from 'vitest/config';

type PackageTests = NonNullable<ViteUserConfig['test']> & { name: string };

/**
 * Every package's vitest config: its name and files, plus what all packages share. One place, so
 * a package's vitest.config.ts says only what is its own.
 *
 * - `isolate: false`: the test files of a package run one after another in one worker that keeps
 *   its module cache, instead of a fresh process and module graph per file. Loading the same
 *   modules again per file was a sixth of the tests' CPU time (issue 14: `.ci/run`'s wall time).
 *   It is safe because no test leaves state behind: the two that stub a global or fake the clock
 *   undo it in `afterEach`, and module-level state of a test file stays its own.
 * - `pool: 'threads'`: the worker is a thread of the vitest process, not a child process of its
 *   own. Measured over every package's build and tests (`turbo run test --force`): 167 s of CPU
 *   with forks, 154 s with threads, twice (issue 14). No test changes directory or needs a process of its
 *   own; the ones that run a CLI spawn it.
 * - The JSON report `test-report.json` beside the package's package.json: turbo's `test` task
 *   caches it as its output and `.ci/run` sums the reports. It is set here and not passed as
 *   `turbo run test -- --reporter=...`, because turbo hashes such arguments into every task of the
 *   run, builds included, so each `pnpm test` after `pnpm build` rebuilt every package.
 * - `testTimeout: 30_000`: a bound on a hang, not a speed check. vitest's 5 s default failed
 *   property tests that take 2-4 s on an idle machine when CI's other tasks (or other work on the
 *   same 2 cores) ran beside them; a package whose tests wait longer says so in its own config.
 *   Hooks get the same bound (`hookTimeout`, vitest's default 10 s): a `beforeAll` that bundles
 *   with Redocly or starts a sandbox took longer than 10 s on a loaded machine, and failed its file.
 */
export function packageTests(test: PackageTests) {
  return defineConfig({
    test: {
      isolate: false,
      pool: 'threads',
      testTimeout: 30_000,
      hookTimeout: test.testTimeout ?? 30_000,
      reporters: ['default', 'json'],
      outputFile: { json: 'test-report.json' },
      ...test,
    },
  });
}
