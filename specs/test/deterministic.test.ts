// `pnpm build` writes byte-for-byte the same bundles every time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiIds, specsDir } from './bundles.ts';

const again = mkdtempSync(join(tmpdir(), 'bundle-again-'));
afterAll(() => rmSync(again, { recursive: true, force: true }));

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
});
