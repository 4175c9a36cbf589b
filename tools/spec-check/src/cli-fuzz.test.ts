// The spec-check CLI as a real process against hostile documents (fast-check): every run ends
// within its time bound with exit 0, 1 or 2, and never prints a stack trace. Bounded: a fixed
// number of runs, each killed after 20 s (a hang fails the property rather than the test run).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { loadBundle, packageDir } from './testing/fixtures.js';
import { hostileDocuments } from '@messaging-contracts/test-kit/hostile-documents';
import { spawnCli, stackFrame } from '@messaging-contracts/test-kit/spawn-cli';

const cli = join(packageDir, 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'spec-check-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('exits 0, 1 or 2 on any document, in bounded time, without a stack trace', { timeout: 300_000 }, async () => {
  let n = 0;
  await fc.assert(
    fc.asyncProperty(hostileDocuments(loadBundle('sms-v2')), fc.constantFrom('json', 'yaml'), async (document, extension) => {
      const file = join(dir, `doc-${n++}.${extension}`);
      writeFileSync(file, document.text);
      const run = await spawnCli(cli, ['--api', 'sms-v2', file], 20_000);
      expect(run.timedOut, document.label).toBe(false);
      expect([0, 1, 2], `${document.label}: exit ${run.code}\n${run.err}`).toContain(run.code);
      expect(run.err, document.label).not.toMatch(stackFrame);
      expect(run.out, document.label).not.toMatch(stackFrame);
      if (run.code === 2) expect(run.err.trimEnd().split('\n'), document.label).toHaveLength(1);
    }),
    { numRuns: 40 },
  );
});
