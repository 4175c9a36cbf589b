// Builds (turbo, a cache hit after `pnpm build`) and packs every publishable package once per test
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
  const buildError = await buildPackages(packages);
  const packDir = mkdtempSync(join(tmpdir(), 'package-check-'));
  const packed = await packAll(packages, packDir);
  project.provide('packDir', packDir);
  project.provide('buildError', buildError ?? null);
  project.provide('packed', packed);
  return () => rmSync(packDir, { recursive: true, force: true });
}
