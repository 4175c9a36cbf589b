// `pnpm build` writes byte-for-byte the same bundles every time, and a spec it cannot bundle fails
// it with Redocly's own report of the file, leaving nothing behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiIds, specsDir } from './bundles.ts';

const again = mkdtempSync(join(tmpdir(), 'bundle-again-'));
const broken = mkdtempSync(join(tmpdir(), 'bundle-broken-'));
afterAll(() => {
  rmSync(again, { recursive: true, force: true });
  rmSync(broken, { recursive: true, force: true });
});

describe('bundling', () => {
  it('reproduces dist/ byte for byte', { timeout: 60_000 }, () => {
    execFileSync(process.execPath, [join(specsDir, 'scripts', 'bundle.mjs'), '--out', again], { stdio: 'ignore' });
    for (const id of apiIds) {
      for (const ext of ['json', 'yaml']) {
        const built = readFileSync(join(specsDir, 'dist', `${id}.${ext}`));
        expect(readFileSync(join(again, `${id}.${ext}`)).equals(built), `${id}.${ext}`).toBe(true);
      }
    }
  });

  it('fails on a $ref it cannot resolve, naming the file, and leaves no run config behind', { timeout: 60_000 }, () => {
    // A copy of specs/ beside a link to tools/ (redocly.yaml loads ../tools/spec-check's plugin).
    const copy = join(broken, 'specs');
    mkdirSync(copy);
    for (const entry of readdirSync(specsDir)) {
      if (entry === 'node_modules') symlinkSync(join(specsDir, entry), join(copy, entry));
      else if (entry !== 'dist' && !entry.startsWith('.')) cpSync(join(specsDir, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(specsDir, '..', 'tools'), join(broken, 'tools'));
    const root = join(copy, 'sms-v2', 'openapi.yaml');
    writeFileSync(root, readFileSync(root, 'utf8').replace('$ref: paths/messages.yaml', '$ref: paths/nowhere.yaml'));

    const result = spawnSync(process.execPath, [join(copy, 'scripts', 'bundle.mjs')], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.startsWith(`bundling ${apiIds.join(', ')} failed:\n`), result.stderr).toBe(true);
    expect(result.stderr).toContain("Can't resolve $ref");
    expect(result.stderr).toContain('sms-v2/paths/nowhere.yaml');
    expect(readdirSync(copy).filter((entry) => entry.includes('redocly.yaml') && entry !== 'redocly.yaml')).toEqual([]);
  });
});
