// `messaging-sandbox [flags] -- <command>`: the command runs with SANDBOX_URL in its environment and
// the CLI's stdout to itself (the banner goes to stderr); when it exits the sandbox closes and the
// CLI exits with its code. A signal to the CLI reaches the command; a command that cannot start is
// 127, as in a shell; `--` alone is a usage error.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));

function run(args: string[], onStdout?: (out: string, kill: (signal: NodeJS.Signals) => void) => void): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no exit within 20 s; stdout: ${out}; stderr: ${err}`))), 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      onStdout?.(out, (signal) => child.kill(signal));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, out, err })));
  });
}

it("runs the command with SANDBOX_URL, exits with its code, and closes the sandbox", async () => {
  const script = "fetch(process.env.SANDBOX_URL + '/__sandbox/clock').then((r) => r.json()).then((clock) => { console.log(process.env.SANDBOX_URL, clock.mode); process.exit(3); })";
  const { code, out, err } = await run(['--', process.execPath, '-e', script]);
  expect(code).toBe(3);
  // stdout is the command's alone; the banner and the stop line went to stderr.
  const [url, mode] = out.trim().split(' ');
  expect(mode).toBe('real');
  expect(err).toContain(`messaging sandbox on ${url}`);
  expect(err).toContain('messaging sandbox stopped');
  // It stops by itself, so the banner does not ask for Ctrl-C (the integrator trial).
  expect(err).toContain('It stops when the command after -- exits.');
  expect(err).not.toContain('Ctrl-C');
  await expect(fetch(`${url}/__sandbox/`)).rejects.toThrow();
}, 30_000);

it('passes SIGTERM on to the command, and exits with what the command exits with', async () => {
  const script = "process.on('SIGTERM', () => process.exit(7)); console.log('ready'); setInterval(() => {}, 1000);";
  const { code, err } = await run(['--', process.execPath, '-e', script], (out, kill) => out.includes('ready') && kill('SIGTERM'));
  expect(code).toBe(7);
  expect(err).toContain('messaging sandbox stopped');
}, 30_000);

it('a command that cannot be started: 127, naming it and why', async () => {
  const { code, err } = await run(['--', 'no-such-command-for-the-sandbox']);
  expect(code).toBe(127);
  expect(err).toContain('messaging-sandbox: cannot run no-such-command-for-the-sandbox: ENOENT');
}, 30_000);

it('-- without a command is a usage error', async () => {
  const { code, err } = await run(['--']);
  expect(code).toBe(2);
  expect(err).toBe('messaging-sandbox: -- must be followed by a command to run, e.g. -- node --test (--help for usage)\n');
}, 30_000);
