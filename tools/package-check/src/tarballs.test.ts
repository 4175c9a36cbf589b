// Every publishable package's tarball, as packed once by the global setup: its file list, its
// publishing fields, publint and arethetypeswrong. Each check reports the offending lines, so a
// failure says what to fix.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkTarball, type TarballReport } from './check.js';
import { CARET_DEPENDENCIES } from './internal-ranges.js';
import type { PackedPackage } from './pack.js';
import { EXPECTED_PUBLISHABLE, IDS } from './test-support/expected.js';
import { packedPackage } from './test-support/packed.js';
import { repoRoot } from './workspace.js';

const kindOf = (name: string): 'openapi' | 'types' | 'module' =>
  name === '@messaging-contracts/openapi' ? 'openapi' : name.endsWith('-types') ? 'types' : 'module';

const reports = new Map<string, TarballReport>();

describe.each(EXPECTED_PUBLISHABLE)('%s tarball', (name) => {
  let packed: PackedPackage;
  let report: TarballReport;
  beforeAll(async () => {
    packed = packedPackage(name);
    report = await checkTarball(packed);
    reports.set(name, report);
  });

  it('ships package.json, README.md, LICENSE and the declared files, nothing else, and every file the manifest points at', () => {
    expect(report.fileList).toEqual([]);
  });

  it("packs the repository's LICENSE: the package folder's copy is the same text", () => {
    expect(readFileSync(join(packed.dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(repoRoot, 'LICENSE'), 'utf8'));
  });

  it('ships no source map pointing at an unshipped file', () => {
    expect(report.sourceMaps).toEqual([]);
  });

  it('names in its .d.ts comments only TypeScript files it ships (an editor shows them away from the repository)', () => {
    expect(report.declarationReferences).toEqual([]);
  });

  it('has its publishing fields: exports with types, files, license, repository, sideEffects, README example', () => {
    expect(report.publishing).toEqual([]);
  });

  it("its README cites only files it ships, or links them in the repository; monorepo commands only under a maintainers' heading", () => {
    expect(report.readme).toEqual([]);
  });

  it('is clean under publint, suggestions included', () => {
    expect(report.publint).toEqual([]);
  });

  it('is clean under arethetypeswrong (esm-only profile)', () => {
    expect(report.attw.problems).toEqual([]);
    // A package that should carry types and lost them would pass the line above vacuously.
    expect(report.attw.typed).toBe(kindOf(name) !== 'openapi');
  });

  it('holds what its kind of package is for', () => {
    const files = packed.files;
    switch (kindOf(name)) {
      case 'openapi':
        // The published contract: both serialisations of every bundle (DESIGN.md "Names").
        for (const id of IDS) expect(files).toEqual(expect.arrayContaining([`dist/${id}.json`, `dist/${id}.yaml`]));
        break;
      case 'types':
        // Types only, no runtime code: declaration files and nothing executable.
        expect(files).toEqual(expect.arrayContaining(['dist/index.d.ts', 'dist/generated/schema.d.ts']));
        expect(files.filter((file) => /\.[cm]?js$/.test(file))).toEqual([]);
        break;
      case 'module':
        expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts']));
        // Every module has its declarations beside it.
        for (const file of files.filter((entry) => entry.endsWith('.js'))) {
          expect(files, `${file} has no declaration file`).toContain(file.replace(/\.js$/, '.d.ts'));
        }
        break;
    }
  });
});

describe('all tarballs', () => {
  it('point at one repository, each at its own folder', () => {
    // Runs after the per-package suites, which filled `reports`.
    const urls = new Set(EXPECTED_PUBLISHABLE.map((name) => JSON.stringify((reports.get(name)?.manifest.repository as { url?: unknown } | undefined)?.url)));
    expect([...urls]).toHaveLength(1);
    expect([...urls][0]).toMatch(/^"git\+https:/);
  });

  it('depend on each other from the version being released: client-core by caret, the rest exactly (pnpm pack rewrote workspace:^ and workspace:*)', () => {
    let carets = 0;
    for (const name of EXPECTED_PUBLISHABLE) {
      const report = reports.get(name);
      expect(report, `${name} was not checked`).toBeDefined();
      const deps = (report?.manifest.dependencies ?? {}) as Record<string, string>;
      for (const [dep, range] of Object.entries(deps).filter(([dep]) => dep.startsWith('@messaging-contracts/'))) {
        const version = reports.get(dep)?.manifest.version;
        const caret = CARET_DEPENDENCIES.includes(dep);
        if (caret) carets += 1;
        expect(range, `${name} -> ${dep}`).toBe(caret ? `^${version}` : version);
      }
    }
    // The four clients, the sandbox (its control client, its Basic credential rules) and the
    // verifier and the webhooks' basicCredentials (their credential rules) take client-core by caret.
    expect(carets).toBe(7);
  });
});
