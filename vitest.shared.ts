import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

type PackageTests = NonNullable<UserWorkspaceConfig['test']> & { name: string };

/**
 * Every package's vitest project: its name and files, plus what all packages share. One place, so
 * a package's vitest.config.ts says only what is its own.
 *
 * `isolate: false`: the test files of a package run one after another in one worker that keeps
 * its module cache, instead of a fresh process and module graph per file. Loading the same
 * modules again per file was a third of the tests' CPU time (issue 14: `.ci/run`'s wall time). It
 * is safe because no test leaves state behind: the two that stub a global or fake the clock undo
 * it in `afterEach`, and module-level state of a test file stays its own.
 */
export function packageTests(test: PackageTests) {
  return defineProject({ test: { isolate: false, ...test } });
}
