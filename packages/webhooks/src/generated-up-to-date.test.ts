// src/generated/ is committed (DESIGN.md "Generated files"): a spec change must show up as a diff
// there, so a stale copy fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, generateValidators, targets, usesDynamicAnchors } from '../scripts/generate-validators.js';

describe('generated validators', () => {
  const fresh = generateValidators();

  it('cover the three callback bodies of section 6', () => {
    expect(fresh.map((file) => file.file)).toEqual(targets.map((target) => target.file));
    expect(fresh).toHaveLength(3);
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s matches a fresh generation from the bundle', (file, source) => {
    expect(readFileSync(join(generatedDir, file), 'utf8')).toBe(source);
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s never writes the shared root context', (_file, source) => {
    // src/validators.ts passes one frozen context to every call (see there).
    expect(source).toMatch(/dynamicAnchors=\{\}\}=\{\}\)/);
    expect(usesDynamicAnchors(source)).toBe(false);
    expect(usesDynamicAnchors(`${source}\nif(!dynamicAnchors.node){dynamicAnchors.node = validate21;}`)).toBe(true);
  });

  it.each(fresh.map((file) => [file.file, file.source] as const))('%s imports nothing at run time', (_file, source) => {
    // ajv stays a build-time tool: the package has no runtime dependencies.
    expect(source).not.toMatch(/\brequire\(|^\s*import\b|\bimport\(/m);
  });
});
