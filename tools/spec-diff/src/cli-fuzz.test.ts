// The spec-diff CLI as a real process against hostile bundles (fast-check): every run ends within
// its time bound with exit 0, 1 or 2 and never prints a stack trace. Bounded: a fixed number of
// runs, each killed after 60 s. The hostile documents and the process runner are spec-check's
// (tools/spec-check/src/testing), so both CLIs are fuzzed with the same inputs.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { hostileDocuments } from '@messaging-contracts/test-kit/hostile-documents';
import { spawnCli, stackFrame } from '@messaging-contracts/test-kit/spawn-cli';
import { loadBundle, specsDist } from './test-support/bundles.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'spec-diff-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('exits 0, 1 or 2 on any bundle, in bounded time, without a stack trace', { timeout: 600_000 }, async () => {
  let n = 0;
  await fc.assert(
    fc.asyncProperty(hostileDocuments(loadBundle('gateway-v1')), async (document) => {
      // specs/dist with gateway-v1.json replaced by the hostile document.
      const dist = join(dir, `dist-${n++}`);
      cpSync(specsDist, dist, { recursive: true });
      writeFileSync(join(dist, 'gateway-v1.json'), document.text);
      const run = await spawnCli(cli, ['--dist', dist], 60_000);
      rmSync(dist, { recursive: true, force: true });
      expect(run.timedOut, document.label).toBe(false);
      expect([0, 1, 2], `${document.label}: exit ${run.code}\n${run.err}`).toContain(run.code);
      expect(`${run.out}${run.err}`, document.label).not.toMatch(stackFrame);
      expect(run.err, document.label).not.toMatch(/internal error/);
      if (run.code === 2) expect(run.err.trimEnd().split('\n'), document.label).toHaveLength(1);
    }),
    { numRuns: 20 },
  );
});
