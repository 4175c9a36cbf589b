// The base bundles of a commit are built once per process and handed out as copies, and kept on
// disk for the next process, by the content of what was bundled.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlesAt, DISK_ENTRIES_KEPT } from './base-bundles.js';
import { repoRoot } from './test-support/bundles.js';
import { type TempRepo, tempRepo } from './test-support/git-repo.js';

const redocly = join(repoRoot, 'specs', 'node_modules', '.bin', 'redocly');
const tiny = ['openapi: 3.1.0', 'info: { title: Tiny, version: 1.0.0 }', 'paths:', '  /things:', '    get:', '      responses:', "        '200': { description: Things. }", ''].join('\n');
const tinySpecs = { 'specs/redocly.yaml': 'apis:\n  tiny:\n    root: tiny.yaml\n', 'specs/tiny.yaml': tiny };

let repo: TempRepo;
let commit: string;
const scratch = mkdtempSync(join(tmpdir(), 'spec-diff-base-bundles-test-'));
/** A disk cache of the test's own, so that no entry of an earlier run is found. */
const freshCache = (name: string) => join(scratch, name);
beforeAll(() => {
  repo = tempRepo();
  commit = repo.commit('tiny specs', tinySpecs, '2024-01-01T00:00:00Z');
});
afterAll(() => {
  repo.remove();
  rmSync(scratch, { recursive: true, force: true });
});

it('bundles a commit once: a second call no longer needs the repository, and each caller gets its own copy', async () => {
  const other = tempRepo();
  try {
    const at = other.commit('tiny specs', tinySpecs, '2024-01-01T00:00:00Z');
    const first = await bundlesAt(other.dir, at, redocly, freshCache('in-memory'));
    expect(first.hasSpecs).toBe(true);
    expect(first.bundles.get('tiny')?.paths['/things'].get.responses['200'].description).toBe('Things.');
    first.bundles.get('tiny')!.paths = {};
    rmSync(join(other.dir, '.git'), { recursive: true, force: true });
    const second = await bundlesAt(other.dir, at, redocly, freshCache('in-memory'));
    expect(second.bundles.get('tiny')?.paths['/things'].get.responses['200'].description).toBe('Things.');
  } finally {
    other.remove();
  }
});

it('keeps no failed bundling: the same call after the cause is gone bundles', async () => {
  const other = tempRepo();
  try {
    const at = other.commit('tiny specs', tinySpecs, '2024-01-01T00:00:00Z');
    const link = join(scratch, 'redocly-later');
    await expect(bundlesAt(other.dir, at, link, freshCache('failed'))).rejects.toThrow(/Redocly CLI not found/);
    writeFileSync(link, `#!/bin/sh\nexec '${redocly}' "$@"\n`, { mode: 0o755 });
    expect((await bundlesAt(other.dir, at, link, freshCache('failed'))).bundles.has('tiny')).toBe(true);
  } finally {
    other.remove();
  }
});

describe('on disk', () => {
  // A Redocly that refuses to run while REFUSE_REDOCLY is set: a call that still gets the bundles
  // then, from a clone this process has not seen, got them from disk.
  const refusing = join(scratch, 'redocly-refusing');
  writeFileSync(refusing, `#!/bin/sh\n[ -z "$REFUSE_REDOCLY" ] || { echo refused >&2; exit 3; }\nexec '${redocly}' "$@"\n`, { mode: 0o755 });
  let clones = 0;
  const clone = () => {
    const dir = join(scratch, `clone-${clones++}`);
    execFileSync('git', ['clone', '--quiet', repo.dir, dir]);
    return dir;
  };
  async function withoutRedocly<T>(call: () => Promise<T>): Promise<T> {
    process.env.REFUSE_REDOCLY = '1';
    try {
      return await call();
    } finally {
      delete process.env.REFUSE_REDOCLY;
    }
  }

  it('serves the same specs bundled by the same Redocly to another clone without running Redocly', async () => {
    const cache = freshCache('reuse');
    await expect(withoutRedocly(() => bundlesAt(clone(), commit, refusing, cache))).rejects.toThrow(/refused/);
    expect((await bundlesAt(clone(), commit, refusing, cache)).bundles.get('tiny')?.info.title).toBe('Tiny');
    const again = await withoutRedocly(() => bundlesAt(clone(), commit, refusing, cache));
    expect(again.bundles.get('tiny')?.paths['/things'].get.responses['200'].description).toBe('Things.');
    // The same launcher elsewhere (another clone's node_modules/.bin) is the same Redocly.
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(elsewhere);
    copyFileSync(refusing, join(elsewhere, 'redocly'));
    expect((await withoutRedocly(() => bundlesAt(clone(), commit, join(elsewhere, 'redocly'), cache))).bundles.get('tiny')?.info.title).toBe('Tiny');
  });

  it('bundles again for other specs, or another Redocly', async () => {
    const cache = freshCache('keys');
    await bundlesAt(clone(), commit, refusing, cache);
    const changed = tempRepo();
    try {
      const at = changed.commit('tiny specs, changed', { ...tinySpecs, 'specs/tiny.yaml': tiny.replace('Things.', 'Other things.') }, '2024-01-01T00:00:00Z');
      await expect(withoutRedocly(() => bundlesAt(changed.dir, at, refusing, cache))).rejects.toThrow(/refused/);
    } finally {
      changed.remove();
    }
    const another = join(scratch, 'redocly-another');
    writeFileSync(another, `#!/bin/sh\n# another version\n[ -z "$REFUSE_REDOCLY" ] || { echo refused >&2; exit 3; }\nexec '${redocly}' "$@"\n`, { mode: 0o755 });
    await expect(withoutRedocly(() => bundlesAt(clone(), commit, another, cache))).rejects.toThrow(/refused/);
  });

  it('bundles again over an unreadable entry, and replaces it', async () => {
    const cache = freshCache('unreadable');
    await bundlesAt(clone(), commit, refusing, cache);
    const [entry] = readdirSync(cache);
    writeFileSync(join(cache, entry!, 'bundles.json'), '{"tiny": ');
    await expect(withoutRedocly(() => bundlesAt(clone(), commit, refusing, cache))).rejects.toThrow(/refused/);
    expect((await bundlesAt(clone(), commit, refusing, cache)).bundles.get('tiny')?.info.title).toBe('Tiny');
    expect((await withoutRedocly(() => bundlesAt(clone(), commit, refusing, cache))).bundles.get('tiny')?.info.title).toBe('Tiny');
  });

  it('uses no folder that another user could write to: bundles again, and leaves it as it was', async () => {
    const cache = freshCache('shared');
    mkdirSync(cache);
    await bundlesAt(clone(), commit, refusing, cache);
    chmodSync(cache, 0o777);
    await expect(withoutRedocly(() => bundlesAt(clone(), commit, refusing, cache))).rejects.toThrow(/refused/);
    chmodSync(cache, 0o700);
    expect((await withoutRedocly(() => bundlesAt(clone(), commit, refusing, cache))).bundles.get('tiny')?.info.title).toBe('Tiny');
  });

  it(`keeps at most ${DISK_ENTRIES_KEPT} entries, dropping the least recently used`, async () => {
    const cache = freshCache('bounded');
    mkdirSync(cache);
    const old = new Date('2020-01-01T00:00:00Z');
    for (let i = 0; i < DISK_ENTRIES_KEPT; i++) {
      mkdirSync(join(cache, `old-${i}`));
      utimesSync(join(cache, `old-${i}`), old, new Date(old.getTime() + i * 1000));
    }
    await bundlesAt(clone(), commit, refusing, cache);
    const left = readdirSync(cache);
    expect(left).toHaveLength(DISK_ENTRIES_KEPT);
    expect(left).not.toContain('old-0');
    expect(left).toContain(`old-${DISK_ENTRIES_KEPT - 1}`);
    expect(left.filter((name) => !name.startsWith('old-'))).toHaveLength(1);
  });
});
