// The site the docs' tests read, built once per test run into a temporary folder from the same code
// and bundles as `pnpm build` (so no test checks a stale dist/), and removed after the run. The
// build test and both browser test files read this one build: a build (TypeDoc over every package,
// every reference rendered on the server, compression) is about 29 s of CPU, and each file used to
// make its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './build.mjs';
import { testRelease } from './test-release.js';

export type BuiltSite = ReturnType<typeof buildSite> & { dist: string };

declare module 'vitest' {
  export interface ProvidedContext {
    site: BuiltSite;
  }
}

export default function setup(project: TestProject) {
  const dist = mkdtempSync(join(tmpdir(), 'docs-site-'));
  // With one release before the working tree's version, so the versioned pages are built and checked.
  project.provide('site', { ...buildSite(dist, { releases: [testRelease()] }), dist });
  return () => rmSync(dist, { recursive: true, force: true });
}
