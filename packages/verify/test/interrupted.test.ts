// SIGINT or SIGTERM while the command's callback receiver is registered with a sandbox: the run
// stops cleanly (README, "Command"): the callback addresses are put back, the reports are written
// marked stopped, stdout ends with the summary line, and the exit code is 128 + the signal's number.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Report } from '../src/index.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'messaging-verify.mjs');
/** What a suite had set, to be found again after the run. */
const MINE = { imStatus: 'http://127.0.0.1:9/mine' };
/** Where the run points the sandbox's callbacks: nobody listens there, so the run waits (--callback-timeout-ms) with them registered. */
const NOWHERE = 'http://127.0.0.1:9/nowhere';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, callbacks: MINE });
});
afterEach(() => sandbox.close());

function credentialFlags(credentials: Sandbox['credentials']): string[] {
  return ['--sms-api-key', credentials['sms-v2'].apiKey, '--im-api-key', credentials['im-v1'].apiKey];
}

describe('an interrupted run', () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} while the callbacks are registered: addresses put back, reports marked stopped, summary line, exit ${code}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'messaging-verify-interrupted-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const files = { json: join(dir, 'r.json'), junit: join(dir, 'r.xml') };
      const child = spawn(
        process.execPath,
        [bin, '--base-url', sandbox.url, '--sandbox-control', '--api', 'im-v1', '--api', 'sms-v2', '--callback-url', NOWHERE, '--callback-timeout-ms', '60000', '--json', files.json, '--junit', files.junit, ...credentialFlags(sandbox.credentials)],
        { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => void (stdout += chunk));
      child.stderr.on('data', (chunk) => void (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
      onTestFinished(() => void child.kill('SIGKILL'));
      // Wait until the run has pointed the sandbox's callbacks at its receiver.
      while (!sandbox.callbackUrls().imStatus?.startsWith(NOWHERE)) {
        expect(child.exitCode, stderr).toBeNull();
        await sleep(20);
      }
      child.kill(signal);
      expect(await exited, stderr).toBe(code);
      expect(sandbox.callbackUrls()).toEqual(MINE);
      const report = JSON.parse(readFileSync(files.json, 'utf8')) as Report;
      expect(report.stopped).toBe(`interrupted (${signal})`);
      expect(report.checks.length).toBeGreaterThan(50);
      expect(readFileSync(files.junit, 'utf8')).toContain(`<error message="interrupted (${signal})">`);
      expect(stdout.trimEnd().split('\n').at(-1)).toBe(`verify: ${report.checks.length} checks, ${report.failed} failed`);
      expect(stderr).toContain(`messaging-verify: interrupted (${signal}); the run stopped after ${report.checks.length} checks (${report.failed} failed); the report so far, with "stopped", is in ${files.json} and ${files.junit}`);
    });
  }
});
