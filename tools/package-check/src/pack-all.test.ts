// packAll packs every package with one `pnpm -r pack` (packRecursively); when that fails, a
// package's failure must be told of that package alone, and the others still packed (the tests of
// the others run).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAll, packRecursively } from './pack-all.js';
import type { WorkspacePackage } from './workspace.js';

let root: string;
const packages: WorkspacePackage[] = [];

/** A workspace package with one file; `prepack` is its script run before packing, if any. */
function addPackage(name: string, prepack?: string) {
  const dir = join(root, name);
  mkdirSync(dir);
  const scripts = prepack === undefined ? {} : { scripts: { prepack } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', files: ['index.js'], ...scripts }, null, 2));
  writeFileSync(join(dir, 'index.js'), 'export {};\n');
  packages.push({ name, version: '1.0.0', dir, relativeDir: name, private: false });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'package-check-pack-all-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'root', private: true }));
  writeFileSync(join(root, 'pnpm-workspace.yaml'), "packages:\n  - '*'\n");
  addPackage('alpha');
  addPackage('beta', 'node -e "process.exit(3)"');
  addPackage('gamma');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('packAll', () => {
  // packRecursively throws where packAll would fall back to packing each package: this one run
  // must work (a pnpm whose `pack --json` changed would otherwise only make packing slower).
  it('packs every package of a workspace in one run, each with its file list', async () => {
    const destination = mkdtempSync(join(root, 'out-'));
    const outcomes = await packRecursively(
      packages.filter((pkg) => pkg.name !== 'beta'),
      destination,
      root,
    );
    expect(outcomes.map((outcome) => (outcome.ok ? [outcome.packed.name, outcome.packed.files] : [outcome.name, outcome.error]))).toEqual([
      ['alpha', ['index.js', 'package.json']],
      ['gamma', ['index.js', 'package.json']],
    ]);
  });

  it('reports a package that fails to pack as its own failure, and packs the others', async () => {
    const destination = mkdtempSync(join(root, 'out-'));
    const outcomes = await packAll(packages, destination, root);
    expect(outcomes.map((outcome) => [outcome.ok ? outcome.packed.name : outcome.name, outcome.ok])).toEqual([
      ['alpha', true],
      ['beta', false],
      ['gamma', true],
    ]);
    const failed = outcomes[1];
    expect(failed?.ok === false && failed.error).toMatch(/^pnpm pack failed in beta:\n[\s\S]*prepack/);
  });
});
