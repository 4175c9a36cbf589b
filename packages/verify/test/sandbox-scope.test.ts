// The sandbox scope a run drives: one session of a shared sandbox (--sandbox-session), leaving the
// global scope and every other session as they were; the callback addresses read before the run
// and put back after it, also when it stops; and a run that stops still writes its reports.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Sandbox, type SandboxSession, startSandbox } from '@messaging-contracts/sandbox';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type Report, reportOf, UsageError, verify } from '../src/index.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'messaging-verify.mjs');
/** Addresses nobody listens on: what a suite had set, to be found again after the run. */
const MINE = { imStatus: 'http://127.0.0.1:9/mine' };
const OTHERS = { smsStatus: 'http://127.0.0.1:9/other-sms', imStatus: 'http://127.0.0.1:9/other-im' };

let sandbox: Sandbox;
let mine: SandboxSession;
let other: SandboxSession;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, callbacks: { smsReply: 'http://127.0.0.1:9/global-reply' } });
  mine = sandbox.createSession({ callbacks: MINE });
  other = sandbox.createSession({ callbacks: OTHERS });
});
afterEach(() => sandbox.close());

/** The command's flags for a scope's credentials. */
function credentialFlags(credentials: Sandbox['credentials']): string[] {
  return [
    ...['--gateway-user', credentials['gateway-v1'].username, '--gateway-password', credentials['gateway-v1'].password],
    ...['--sms-api-key', credentials['sms-v2'].apiKey, '--im-api-key', credentials['im-v1'].apiKey],
    ...['--campaign-user', credentials['campaign-manager-v1'].username, '--campaign-password', credentials['campaign-manager-v1'].password],
  ];
}

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

function reportFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'messaging-verify-scope-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'report.json');
}

describe('--sandbox-session: one session of a shared sandbox', () => {
  it("passes every check, its callbacks included, and leaves the other session and the global scope untouched; the session's addresses are put back", async () => {
    // A's vendor media type given (the sandbox takes any token), so no note says it was not checked.
    const report = await verify({ baseUrl: sandbox.url, credentials: mine.credentials, sandboxSession: mine.id, callbackTimeoutMs: 2000, gatewayMediaType: 'application/vnd.acme.gateway.v1+json' });
    expect(report.checks.filter((c) => !c.passed)).toEqual([]);
    expect(report.notes).toEqual([]);
    const callbacks = report.checks.filter((c) => c.check === 'callback-received');
    expect(callbacks.map((c) => c.operation).sort()).toEqual(['im-v1.statusCallback', 'sms-v2.replyCallback', 'sms-v2.statusCallback']);
    // The run happened in the session: its requests and deliveries are there...
    expect(mine.requests().length).toBeGreaterThan(100);
    expect(mine.deliveries().length).toBeGreaterThanOrEqual(3);
    // ... and nowhere else.
    expect({ requests: other.requests().length, deliveries: other.deliveries().length }).toEqual({ requests: 0, deliveries: 0 });
    // The global scope changed nothing: no delivery, and in its request log only what no scope's
    // credentials name (the authentication checks' 401s, B's anonymous description), which the
    // sandbox logs there.
    expect(sandbox.deliveries()).toEqual([]);
    const unattributed = sandbox.requests().filter((r) => r.status !== 401 && r.operation !== 'sms-v2.getOpenApiDescription');
    expect(unattributed).toEqual([]);
    expect(other.callbackUrls()).toEqual(OTHERS);
    expect(sandbox.callbackUrls()).toEqual({ smsReply: 'http://127.0.0.1:9/global-reply' });
    // The session's own addresses, which the run replaced with its receiver's, are as they were.
    expect(mine.callbackUrls()).toEqual(MINE);
  });

  it('the command: exit 0 and its JSON report, with a session of a sandbox the suite shares', async () => {
    const json = reportFile();
    const { code, stdout } = await cli(['--base-url', sandbox.url, '--sandbox-session', mine.id, '--quiet', '--json', json, ...credentialFlags(mine.credentials)]);
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^verify: \d+ checks, 0 failed$/);
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.failed).toBe(0);
    expect(report.stopped).toBeUndefined();
    expect(other.requests()).toEqual([]);
    expect(mine.callbackUrls()).toEqual(MINE);
  });

  it('a session the sandbox does not have: exit 2 naming it, before any request; the report says why it stopped', async () => {
    const json = reportFile();
    const missing = 'ffffffffffffffff';
    const { code, stderr } = await cli(['--base-url', sandbox.url, '--sandbox-session', missing, '--json', json, ...credentialFlags(mine.credentials)]);
    expect(code).toBe(2);
    expect(stderr).toContain(`messaging-verify: --sandbox-session ${missing}: the sandbox at ${sandbox.url} has no such session (GET /__sandbox/sessions/${missing} answered 404`);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect({ checks: report.checks.length, requests: report.requests }).toEqual({ checks: 0, requests: 0 });
    expect(report.stopped).toContain('has no such session');
    expect(mine.requests()).toEqual([]);
  });

  it('a session the sandbox does not have, from the API: the error names the option, sandboxSession', async () => {
    const missing = 'eeeeeeeeeeeeeeee';
    await expect(verify({ baseUrl: sandbox.url, credentials: mine.credentials, sandboxSession: missing })).rejects.toThrow(
      new RegExp(`^sandboxSession ${missing}: the sandbox at \\S+ has no such session`),
    );
  });

  it('an id that cannot be a session id: one line naming the flag and the rule', async () => {
    await expect(verify({ baseUrl: sandbox.url, credentials: mine.credentials, sandboxSession: '../reset' })).rejects.toThrow(
      /^sandboxSession must be a session id as POST \/__sandbox\/sessions answers it \(.+\), got "\.\.\/reset"$/,
    );
  });
});

describe('the scope driven is put back as it was', () => {
  it('the global scope: the addresses set before the run are there after it, the ones it added are gone', async () => {
    const global = await startSandbox({ port: 0, callbacks: MINE });
    try {
      const report = await verify({ baseUrl: global.url, credentials: global.credentials, sandboxControl: true, apis: ['sms-v2', 'im-v1'], callbackTimeoutMs: 2000 });
      expect(report.checks.filter((c) => !c.passed)).toEqual([]);
      expect(global.deliveries().length).toBeGreaterThanOrEqual(3); // the run's receiver did get them
      expect(global.callbackUrls()).toEqual(MINE);
    } finally {
      await global.close();
    }
  });

  it("a run that stops after setting them (a session's credentials, the global scope driven): put back too, and the report so far is written with why it stopped", async () => {
    const before = sandbox.callbackUrls();
    const json = reportFile();
    // The probe of an integrator: a session's credentials and --sandbox-control, no session named.
    const { code, stderr } = await cli(['--base-url', sandbox.url, '--sandbox-control', '--quiet', '--json', json, ...credentialFlags(mine.credentials)]);
    expect(code).toBe(2);
    expect(stderr).toContain('messaging-verify: the sandbox control API answered 400 to POST /__sandbox/status');
    expect(stderr).toContain("were the messages sent with a session's credentials? Then pass --sandbox-session <its id>");
    expect(stderr).toMatch(new RegExp(`the run stopped after \\d+ checks \\(0 failed\\); the report so far, with "stopped", is in ${json}`));
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.checks.length).toBeGreaterThan(100);
    expect(report.stopped).toContain('the sandbox control API answered 400 to POST /__sandbox/status');
    expect(JSON.stringify(report)).not.toContain(mine.credentials['im-v1'].apiKey);
    expect(sandbox.callbackUrls()).toEqual(before);
    expect(mine.callbackUrls()).toEqual(MINE);
  });

  it('the programmatic API: the error that stops a run carries its report', async () => {
    const error = await verify({ baseUrl: sandbox.url, credentials: mine.credentials, sandboxControl: true, apis: ['im-v1'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    const report = reportOf(error);
    expect(report?.stopped).toBe((error as Error).message);
    expect(report?.checks.length).toBeGreaterThan(10);
    expect(reportOf(new Error('not from a run'))).toBeUndefined();
  });
});
