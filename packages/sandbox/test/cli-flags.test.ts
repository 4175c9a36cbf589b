// Flags and choices the QA trial found loose: --max-sessions has a range (0 refused every session
// with 429; -1 gave parseArgs' "ambiguous"), a negative value reaches any flag's own rule, the
// clock moves back as documented, and the banner shows --progress's setting.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import { startSandbox } from '../src/index.js';

describe('--max-sessions', () => {
  it('names the flag of a refused callback address, not the option it becomes', () => {
    expect(() => parseCliArgs(['--im-status-url', 'not a url'])).toThrow(/^--im-status-url must be an absolute http or https URL$/);
    expect(() => parseCliArgs(['--sms-status-url', 'https://hooks.example.test/s'])).toThrow(/^--sms-status-url must be on this machine .* unless the sandbox is started with --remote-callbacks/);
    expect(parseCliArgs(['--sms-status-url', 'https://hooks.example.test/s', '--remote-callbacks'])).toMatchObject({ callbacks: { smsStatus: 'https://hooks.example.test/s' } });
  });

  it('is an integer from 1 to 10000, a negative one named by the same rule', () => {
    for (const value of ['0', '-1', '10001', 'x']) expect(() => parseCliArgs(['--max-sessions', value]), value).toThrow(/^--max-sessions must be an integer from 1 to 10000$/);
    expect(parseCliArgs(['--max-sessions', '1'])).toMatchObject({ sessions: { max: 1 } });
    expect(() => parseCliArgs(['--session-idle-seconds', '-5'])).toThrow(/^--session-idle-seconds must be an integer from 1 to 604800$/);
    expect(() => parseCliArgs(['--port', '-1'])).toThrow(/^--port must be an integer from 0 to 65535$/);
  });

  it('in process, sessions.max 0 is refused at start', async () => {
    await expect(startSandbox({ port: 0, sessions: { max: 0 } })).rejects.toThrow(new RangeError('sessions.max must be an integer of at least 1'));
  });
});

it('--remote-callbacks is the opt-in for callback addresses beyond this machine; without it a remote --im-status-url stops the start', async () => {
  expect(parseCliArgs(['--remote-callbacks', '--im-status-url', 'http://example.com/x'])).toMatchObject({ remoteCallbacks: true, callbacks: { imStatus: 'http://example.com/x' } });
  // Without it the flag is refused as it is read, by its name; startSandbox refuses the option the same way.
  expect(() => parseCliArgs(['--im-status-url', 'http://example.com/x'])).toThrow(/^--im-status-url must be on this machine/);
  await expect(startSandbox({ callbacks: { imStatus: 'http://example.com/x' }, port: 0 })).rejects.toThrow(/^imStatus must be on this machine/);
});

it('POST /__sandbox/clock/advance with a negative ms moves the clock back (documented), within its years', async () => {
  const sandbox = await startSandbox({ port: 0, seed: 's', clock: { start: '2030-01-01T00:00:00Z' } });
  try {
    const advance = (ms: number) => fetch(`${sandbox.url}/__sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
    const back = await advance(-5);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ now: '2029-12-31T23:59:59.995Z' });
    const tooFar = await advance(-(60 * 366 * 24 * 3600 * 1000));
    expect(tooFar.status).toBe(400);
  } finally {
    await sandbox.close();
  }
});

describe("the CLI's banner", () => {
  const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));
  /** The banner of the CLI started with `args`, then stopped. */
  function banner(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no banner within 15 s: ${out}`))), 15_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Ctrl-C')) child.kill('SIGINT');
      });
      child.on('close', () => (clearTimeout(timer), resolve(out)));
    });
  }

  it("shows --progress's setting, and says when it is off", async () => {
    expect(await banner(['--progress', 'sent>received@250'])).toContain('  progress: sent > received, one every 250 ms, for each new B (MT) and C message of the global scope\n');
    expect(await banner([])).toContain('  progress: off (--progress sent>received@500');
  }, 35_000);
});
