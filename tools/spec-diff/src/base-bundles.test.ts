// The base bundles of a commit are built once per process and handed out as copies, and kept on
// disk for the next process, by the content of what was bundled.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
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

  describe('an entry is trusted only once verified against its key: a foreign one is a miss, bundled again', () => {
    const twoSpecs = { ...tinySpecs, 'specs/redocly.yaml': 'apis:\n  tiny:\n    root: tiny.yaml\n  other:\n    root: tiny.yaml\n' };
    let twoRepo: TempRepo;
    let twoCommit: string;
    beforeAll(async () => {
      twoRepo = tempRepo();
      twoCommit = twoRepo.commit('two apis', twoSpecs, '2024-01-01T00:00:00Z');
      await bundlesAt(twoRepo.dir, twoCommit, refusing, freshCache('real-two'));
    });
    afterAll(() => twoRepo.remove());

    /**
     * A cache holding the one real entry of `twoCommit`, and that entry's folder: a copy of the
     * entry that `beforeAll` bundled (the key does not depend on the cache's folder), so each case
     * starts from the same bytes without a Redocly run of its own (a second of CPU each).
     */
    function cacheWithEntry(name: string) {
      const cache = freshCache(name);
      const [real] = readdirSync(freshCache('real-two'));
      mkdirSync(cache, { mode: 0o700 });
      cpSync(join(freshCache('real-two'), real!), join(cache, real!), { recursive: true });
      return { cache, entry: join(cache, real!) };
    }
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const manifestOf = (entry: string) => (existsSync(join(entry, 'manifest.json')) ? JSON.parse(readFileSync(join(entry, 'manifest.json'), 'utf8')) : {});
    /** Replaces the entry's bundles with `text`, with a manifest that is right about its key and bytes. */
    function forge(entry: string, text: string) {
      writeFileSync(join(entry, 'manifest.json'), JSON.stringify({ key: manifestOf(entry).key, sha256: sha256(text) }));
      writeFileSync(join(entry, 'bundles.json'), text);
    }
    const real = () => JSON.parse(readFileSync(join(readdirSync(freshCache('real-two')).map((e) => join(freshCache('real-two'), e))[0]!, 'bundles.json'), 'utf8'));
    /** Bundles from a clone this process has not seen, with Redocly refusing: a hit, or 'refused'. */
    const cloneOfTwo = () => {
      const dir = join(scratch, `two-clone-${clones++}`);
      execFileSync('git', ['clone', '--quiet', twoRepo.dir, dir]);
      return dir;
    };

    const hostile: [string, (bundles: Record<string, unknown>) => string][] = [
      ['an entry lacking one of the APIs', ({ other: _other, ...rest }) => JSON.stringify(rest)],
      ['an entry holding {}', () => '{}'],
      ['an entry holding 0', () => '0'],
      ['an entry holding null', () => 'null'],
      ['an entry holding an array', () => '[]'],
      ['an entry with an API more than the commit lists', (bundles) => JSON.stringify({ ...bundles, extra: bundles.tiny })],
      ['an entry whose bundle for an API is {}', (bundles) => JSON.stringify({ ...bundles, other: {} })],
      ['an entry whose bundle for an API has no paths', (bundles) => JSON.stringify({ ...bundles, other: { openapi: '3.1.0', info: { title: 'x', version: '1' } } })],
    ];
    it.each(hostile)('%s, with a manifest right about its key and bytes', async (_title, text) => {
      const { cache, entry } = cacheWithEntry(`hostile-${_title.replace(/\W+/g, '-')}`);
      forge(entry, text(real()));
      await expect(withoutRedocly(() => bundlesAt(cloneOfTwo(), twoCommit, refusing, cache))).rejects.toThrow(/refused/);
      // Bundled again, the entry is replaced with a good one.
      expect([...(await bundlesAt(cloneOfTwo(), twoCommit, refusing, cache)).bundles.keys()].sort()).toEqual(['other', 'tiny']);
      expect((await withoutRedocly(() => bundlesAt(cloneOfTwo(), twoCommit, refusing, cache))).bundles.get('other')).toEqual(real().other);
    });

    it('an entry whose bytes are not the ones its manifest hashed (a changed limit)', async () => {
      const { cache, entry } = cacheWithEntry('tampered');
      const changed = real();
      changed.tiny.info.title = 'Changed';
      writeFileSync(join(entry, 'bundles.json'), JSON.stringify(changed));
      await expect(withoutRedocly(() => bundlesAt(cloneOfTwo(), twoCommit, refusing, cache))).rejects.toThrow(/refused/);
    });

    it('an entry without a manifest (written by an earlier spec-diff)', async () => {
      const { cache, entry } = cacheWithEntry('no-manifest');
      rmSync(join(entry, 'manifest.json'), { force: true });
      await expect(withoutRedocly(() => bundlesAt(cloneOfTwo(), twoCommit, refusing, cache))).rejects.toThrow(/refused/);
    });

    it("another key's entry under this key's name (another commit's specs)", async () => {
      const { cache, entry } = cacheWithEntry('foreign');
      const elsewhere = freshCache('foreign-source');
      await bundlesAt(clone(), commit, refusing, elsewhere);
      const [source] = readdirSync(elsewhere);
      rmSync(entry, { recursive: true, force: true });
      cpSync(join(elsewhere, source!), entry, { recursive: true });
      // Shaped right for the one-API commit, and hashed right: only the key tells it apart.
      forge(entry, JSON.stringify({ tiny: real().tiny, other: real().tiny }));
      writeFileSync(join(entry, 'manifest.json'), JSON.stringify({ ...manifestOf(join(elsewhere, source!)), sha256: sha256(readFileSync(join(entry, 'bundles.json'), 'utf8')) }));
      await expect(withoutRedocly(() => bundlesAt(cloneOfTwo(), twoCommit, refusing, cache))).rejects.toThrow(/refused/);
    });

    it('fuzz: any foreign entry is either a miss or exactly the real bundles', { timeout: 120_000 }, async () => {
      const { cache, entry } = cacheWithEntry('fuzz');
      const good = real();
      const goodText = JSON.stringify(good);
      const key = manifestOf(entry).key as string;
      const entries = fc.oneof(
        fc.json().map((text) => ({ text, manifest: 'right' as const })),
        fc.jsonValue().map((value) => ({ text: JSON.stringify({ ...good, [Object.keys(good)[0]!]: value }), manifest: 'right' as const })),
        fc.subarray(Object.keys(good)).map((ids) => ({ text: JSON.stringify(Object.fromEntries(ids.map((id) => [id, good[id]]))), manifest: 'right' as const })),
        fc.record({ text: fc.constant(goodText), manifest: fc.constantFrom('wrong key' as const, 'wrong hash' as const, 'none' as const, 'right' as const) }),
      );
      await fc.assert(
        fc.asyncProperty(entries, async ({ text, manifest }) => {
          writeFileSync(join(entry, 'bundles.json'), text);
          rmSync(join(entry, 'manifest.json'), { force: true });
          if (manifest !== 'none') {
            writeFileSync(join(entry, 'manifest.json'), JSON.stringify({ key: manifest === 'wrong key' ? sha256(key) : key, sha256: manifest === 'wrong hash' ? sha256(`${text} `) : sha256(text) }));
          }
          // The same launcher at a new path: a new key in this process's memory, the same on disk.
          const launcher = join(scratch, `launcher-${clones++}`);
          copyFileSync(refusing, launcher);
          const got = await withoutRedocly(() => bundlesAt(twoRepo.dir, twoCommit, launcher, cache)).then(
            (result) => result.bundles,
            (error: Error) => error,
          );
          if (got instanceof Error) expect(got.message).toMatch(/refused/);
          else expect(Object.fromEntries(got)).toEqual(good);
        }),
        { numRuns: 60 },
      );
    });
  });
});
