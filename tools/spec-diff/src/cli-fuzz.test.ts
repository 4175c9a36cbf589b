// The spec-diff CLI against hostile bundles (fast-check): every run ends with exit 0, 1 or 2 and
// never prints a stack trace, and an unusable input is one line. Most cases call the CLI's `main`
// in this process, with everything it prints captured (a process start and the base bundled again
// per case were most of this file's time, issue 14); a smaller number run the built CLI as a real
// process, killed after 60 s, for what only a process shows. The hostile documents and both
// runners come from the test kit, so spec-check's CLI is fuzzed with the same inputs.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { main } from './main.js';
import { hostileDocuments } from '@messaging-contracts/test-kit/hostile-documents';
import { runInProcess } from '@messaging-contracts/test-kit/run-in-process';
import { type CliRun, spawnCli, stackFrame } from '@messaging-contracts/test-kit/spawn-cli';
import { loadBundle, specsDist } from './test-support/bundles.js';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'spec-diff-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** The property over one bundle, whichever way the CLI was run. */
function fuzz(runCli: (args: string[]) => Promise<CliRun & { thrown?: unknown }>) {
  return fc.asyncProperty(hostileDocuments(loadBundle('gateway-v1')), async (document) => {
    // specs/dist with gateway-v1.json replaced by the hostile document.
    const dist = join(dir, `dist-${n++}`);
    cpSync(specsDist, dist, { recursive: true });
    writeFileSync(join(dist, 'gateway-v1.json'), document.text);
    const run = await runCli(['--dist', dist]);
    rmSync(dist, { recursive: true, force: true });
    expect(run.thrown, document.label).toBeUndefined();
    expect(run.timedOut, document.label).toBe(false);
    expect([0, 1, 2], `${document.label}: exit ${run.code}\n${run.err}`).toContain(run.code);
    expect(`${run.out}${run.err}`, document.label).not.toMatch(stackFrame);
    expect(run.err, document.label).not.toMatch(/internal error/);
    if (run.code === 2) expect(run.err.trimEnd().split('\n'), document.label).toHaveLength(1);
  });
}

it('main: exits 0, 1 or 2 on any bundle, without a stack trace', { timeout: 600_000 }, async () => {
  await fc.assert(
    fuzz((args) => runInProcess(main, args)),
    { numRuns: 20 },
  );
});

it('the built CLI as a process: exits 0, 1 or 2 on any bundle, in bounded time, without a stack trace', { timeout: 600_000 }, async () => {
  await fc.assert(
    fuzz((args) => spawnCli(cli, args, 60_000)),
    { numRuns: 5 },
  );
});
