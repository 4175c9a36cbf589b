// Builds (turbo, a cache hit after `pnpm build`; not as a turbo task, see below) and packs every publishable package once per test
// run, and hands the tarballs to every test file through vitest's provide/inject. Nothing here
// throws for a package that fails to build or pack: that would abort every project of a root
// `vitest run`; the tests of that package fail instead, with the reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPackages, packAll, type PackOutcome } from '../pack-all.js';
import { publishablePackages } from '../workspace.js';

declare module 'vitest' {
  export interface ProvidedContext {
    packDir: string;
    buildError: string | null;
    packed: PackOutcome[];
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const packages = publishablePackages();
  // As a turbo task (`pnpm test`: TURBO_HASH is set), turbo has built every one of them before
  // this task started (turbo.json: dependsOn build and ^build). Building again then only replays
  // the cache, which rewrites their dist/ while other packages' tests read it (seen in CI: ENOENT
  // copying the sandbox's dist/, and a sandbox CLI that never printed its banner). Run directly
  // (vitest), nothing has built them.
  const buildError = process.env.TURBO_HASH ? undefined : await buildPackages(packages);
  const packDir = mkdtempSync(join(tmpdir(), 'package-check-'));
  const packed = await packAll(packages, packDir);
  project.provide('packDir', packDir);
  project.provide('buildError', buildError ?? null);
  project.provide('packed', packed);
  return () => rmSync(packDir, { recursive: true, force: true });
}
