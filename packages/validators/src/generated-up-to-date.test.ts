// src/generated/ is committed (DESIGN.md "Generated files"): a spec change must show up as a diff
// there, so a stale copy fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiIds, generateAll, generatedDir, usesDynamicAnchors } from '../scripts/generate.js';

describe('generated validators', () => {
  const fresh = generateAll();

  it('are two files per interface, and nothing else is in src/generated', () => {
    expect(fresh.map((file) => file.file).sort()).toEqual(apiIds.flatMap((api) => [`${api}.params.ts`, `${api}.ts`]).sort());
    expect(readdirSync(generatedDir).sort()).toEqual(fresh.map((file) => file.file).sort());
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s matches a fresh generation from the bundle', (file, source) => {
    expect(readFileSync(join(generatedDir, file), 'utf8')).toBe(source);
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s carries the do-not-edit header', (_file, source) => {
    expect(source.split('\n', 3)[2]).toMatch(/^\/\/ Do not edit: run `pnpm --filter @messaging-contracts\/validators generate`/);
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s never uses the shared root context', (_file, source) => {
    // src/runtime.ts passes one frozen context to every call (see there).
    expect(usesDynamicAnchors(source)).toBe(false);
    expect(usesDynamicAnchors(`${source}\nif(!dynamicAnchors.node){dynamicAnchors.node = validate21;}`)).toBe(true);
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s imports nothing but its sibling at run time', (file, source) => {
    // ajv stays a build-time tool: the package has no runtime dependencies.
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
    const imports = source.match(/^\s*import\b.*$/gm) ?? [];
    expect(imports).toEqual(file.endsWith('.params.ts') ? [] : [`import * as params from './${file.replace(/\.ts$/, '')}.params.js';`]);
  });
});
