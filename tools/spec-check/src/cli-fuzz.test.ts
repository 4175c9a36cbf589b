// The spec-check CLI against hostile documents (fast-check): every run ends with exit 0, 1 or 2,
// never prints a stack trace, and an unusable input is one line. Most cases call the CLI's `main`
// in this process, with everything it prints captured (a process start and a fresh load of
// Redocly per case was most of this file's time, issue 14); a smaller number run the built CLI as
// a real process, killed after 20 s (a hang fails the property rather than the test run), for
// what only a process shows: its exit code and what reaches its stderr.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { main } from './cli.js';
import { loadBundle, packageDir } from './testing/fixtures.js';
import { type HostileDocument, hostileDocuments } from '@messaging-contracts/test-kit/hostile-documents';
import { runInProcess } from '@messaging-contracts/test-kit/run-in-process';
import { type CliRun, spawnCli, stackFrame } from '@messaging-contracts/test-kit/spawn-cli';

const cli = join(packageDir, 'dist', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'spec-check-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** The property over one document, whichever way the CLI was run. */
function fuzz(runCli: (args: string[]) => Promise<CliRun & { thrown?: unknown }>) {
  return fc.asyncProperty(hostileDocuments(loadBundle('sms-v2')), fc.constantFrom('json', 'yaml'), async (document: HostileDocument, extension) => {
    const file = join(dir, `doc-${n++}.${extension}`);
    writeFileSync(file, document.text);
    const run = await runCli(['--api', 'sms-v2', file]);
    expect(run.thrown, document.label).toBeUndefined();
    expect(run.timedOut, document.label).toBe(false);
    expect([0, 1, 2], `${document.label}: exit ${run.code}\n${run.err}`).toContain(run.code);
    expect(run.err, document.label).not.toMatch(stackFrame);
    expect(run.out, document.label).not.toMatch(stackFrame);
    if (run.code === 2) expect(run.err.trimEnd().split('\n'), document.label).toHaveLength(1);
  });
}

it('main: exits 0, 1 or 2 on any document, without a stack trace', { timeout: 300_000 }, async () => {
  await fc.assert(
    fuzz((args) => runInProcess(main, args)),
    { numRuns: 40 },
  );
});

it('the built CLI as a process: exits 0, 1 or 2 on any document, in bounded time, without a stack trace', { timeout: 300_000 }, async () => {
  await fc.assert(
    fuzz((args) => spawnCli(cli, args, 20_000)),
    { numRuns: 8 },
  );
});
