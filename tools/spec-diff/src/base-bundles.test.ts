// The base bundles of a commit are built once per process and handed out as copies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bundlesAt } from './base-bundles.js';
import { repoRoot } from './test-support/bundles.js';
import { type TempRepo, tempRepo } from './test-support/git-repo.js';

const redocly = join(repoRoot, 'specs', 'node_modules', '.bin', 'redocly');
const tiny = ['openapi: 3.1.0', 'info: { title: Tiny, version: 1.0.0 }', 'paths:', '  /things:', '    get:', '      responses:', "        '200': { description: Things. }", ''].join('\n');

let repo: TempRepo;
let commit: string;
const links = mkdtempSync(join(tmpdir(), 'spec-diff-redocly-'));
beforeAll(() => {
  repo = tempRepo();
  commit = repo.commit('tiny specs', { 'specs/redocly.yaml': 'apis:\n  tiny:\n    root: tiny.yaml\n', 'specs/tiny.yaml': tiny }, '2024-01-01T00:00:00Z');
});
afterAll(() => {
  repo.remove();
  rmSync(links, { recursive: true, force: true });
});

it('bundles a commit once: a second call no longer needs the repository, and each caller gets its own copy', async () => {
  const first = await bundlesAt(repo.dir, commit, redocly);
  expect(first.hasSpecs).toBe(true);
  expect(first.bundles.get('tiny')?.paths['/things'].get.responses['200'].description).toBe('Things.');
  first.bundles.get('tiny')!.paths = {};
  rmSync(join(repo.dir, '.git'), { recursive: true, force: true });
  const second = await bundlesAt(repo.dir, commit, redocly);
  expect(second.bundles.get('tiny')?.paths['/things'].get.responses['200'].description).toBe('Things.');
});

it('keeps no failed bundling: the same call after the cause is gone bundles', async () => {
  const other = tempRepo();
  try {
    const at = other.commit('tiny specs', { 'specs/redocly.yaml': 'apis:\n  tiny:\n    root: tiny.yaml\n', 'specs/tiny.yaml': tiny }, '2024-01-01T00:00:00Z');
    const link = join(links, 'redocly');
    await expect(bundlesAt(other.dir, at, link)).rejects.toThrow(/Redocly CLI not found/);
    writeFileSync(link, `#!/bin/sh\nexec '${redocly}' "$@"\n`, { mode: 0o755 });
    expect((await bundlesAt(other.dir, at, link)).bundles.has('tiny')).toBe(true);
  } finally {
    other.remove();
  }
});
