// Under a package runner (npm_command=exec, as npx, npm exec and pnpm exec set it), the CLI stops
// when the runner exits, as under `npx messaging-sandbox` when npm exits on SIGTERM without passing
// it on: started through an intermediate process that exits once the banner is printed, the sandbox
// is gone within seconds and its port refuses connections. With --outlive-parent, or started
// directly (no runner), it keeps serving, as a server backgrounded by a shell that exits must.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/messaging-sandbox.mjs', import.meta.url));

// Starts the CLI as its child, prints `{ pid, url }` once the banner is out, and exits.
const intermediate = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, process.argv.slice(1), { stdio: ['ignore', 'pipe', 'ignore'] });
let out = '';
child.stdout.setEncoding('utf8').on('data', (chunk) => {
  out += chunk;
  const url = /messaging sandbox on (\\S+)/.exec(out)?.[1];
  if (url && out.includes('Ctrl-C')) {
    process.stdout.write(JSON.stringify({ pid: child.pid, url }) + '\\n');
    process.exit(0);
  }
});
child.on('exit', (code) => { process.stdout.write(JSON.stringify({ exited: code, out }) + '\\n'); process.exit(1); });
`;

/** Runs the CLI with `args` under the intermediate, which has exited when this resolves. */
function startOrphan(args: string[], runner = true): Promise<{ pid: number; url: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    if (runner) env.npm_command = 'exec';
    else delete env.npm_command;
    const parent = spawn(process.execPath, ['-e', intermediate, bin, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    parent.on('close', (code) => {
      const started = out ? JSON.parse(out) : undefined;
      if (code === 0 && started?.pid) resolve(started);
      else reject(new Error(`the intermediate process exited ${code}: ${out}`));
    });
  });
}

/** Whether `pid` still runs (an exited process not yet reaped by its new parent counts as gone). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const serves = (url: string) => fetch(`${url}/__sandbox/`).then((answer) => answer.ok, () => false);

const left: number[] = [];
afterEach(() => {
  for (const pid of left.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL');
});

it('under a package runner, stops when the runner that started it exits', async () => {
  const { pid, url } = await startOrphan(['--port', '0']);
  left.push(pid);
  // Polled once a second: gone within a few, under load too (a bound on a hang, not a speed check).
  for (let waited = 0; running(pid) && waited < 15_000; waited += 100) await sleep(100);
  expect(running(pid)).toBe(false);
  expect(await serves(url)).toBe(false);
}, 30_000);

it.each([
  ['under a runner with --outlive-parent', ['--port', '0', '--outlive-parent'], true],
  ['started directly (no runner)', ['--port', '0'], false],
] as const)('keeps serving after its parent exits %s, until it is stopped', async (_title, args, runner) => {
  const { pid, url } = await startOrphan([...args], runner);
  left.push(pid);
  // Three polls' time after its parent exited, it still runs and answers.
  await sleep(3000);
  expect(running(pid)).toBe(true);
  expect(await serves(url)).toBe(true);
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; running(pid) && waited < 15_000; waited += 100) await sleep(100);
  expect(running(pid)).toBe(false);
}, 30_000);
