// publint and arethetypeswrong are only worth their "no problem" if they would report one here:
// this packs a small package with two classic mistakes and checks that each tool names it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAttw } from './attw.js';
import { packPackage } from './pack.js';
import { runPublint } from './publint.js';

let root: string;
let tarball: Uint8Array;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'package-check-broken-'));
  const dir = join(root, 'broken');
  mkdirSync(join(dir, 'dist'), { recursive: true });
  const manifest = {
    name: 'broken',
    version: '1.0.0',
    type: 'module',
    license: 'MIT',
    files: ['dist'],
    exports: {
      // attw: an ESM declaration file re-exporting without a file extension does not resolve
      // under node16/nodenext (InternalResolutionError).
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      // publint: `types` after `default` is never reached by TypeScript.
      './second': { default: './dist/second.js', types: './dist/second.d.ts' },
    },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'README.md'), '# broken\n');
  writeFileSync(join(dir, 'dist', 'index.js'), "export * from './other.js';\n");
  writeFileSync(join(dir, 'dist', 'index.d.ts'), "export * from './other';\n");
  writeFileSync(join(dir, 'dist', 'other.js'), 'export const x = 1;\n');
  writeFileSync(join(dir, 'dist', 'other.d.ts'), 'export declare const x = 1;\n');
  writeFileSync(join(dir, 'dist', 'second.js'), 'export const y = 2;\n');
  writeFileSync(join(dir, 'dist', 'second.d.ts'), 'export declare const y = 2;\n');
  const packed = await packPackage({ name: 'broken', version: '1.0.0', dir, relativeDir: 'broken', private: false }, root);
  tarball = new Uint8Array(await readFile(packed.tarball));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the checkers on a broken package', () => {
  it('publint reports types placed after default', async () => {
    const messages = await runPublint(tarball);
    expect(messages.some((line) => line.includes('EXPORTS_TYPES_SHOULD_BE_FIRST'))).toBe(true);
  });

  it('arethetypeswrong reports the extensionless ESM re-export in a checked resolution mode', async () => {
    const { typed, problems } = await runAttw(tarball);
    expect(typed).toBe(true);
    expect(problems, problems.join('\n')).toContainEqual(expect.stringMatching(/^InternalResolutionError .*node16/));
  });

  it('the esm-only profile leaves out only what concerns CommonJS importers and node10 resolution', async () => {
    const { problems, ignored } = await runAttw(tarball);
    // An ESM-only package is reported as unusable from CommonJS: deliberate here, so left out...
    expect(ignored).toContainEqual(expect.stringMatching(/^CJSResolvesToESM .*node16-cjs/));
    // ...and nothing left out may concern node16-esm or bundler resolution.
    for (const line of ignored) expect(line).toMatch(/node10|node16-cjs/);
    expect(problems.some((line) => /node16-cjs|node10/.test(line) && !/node16 resolution/.test(line))).toBe(false);
  });
});
