// Runs a CLI as a real process with its stdin held open (so a read of /dev/stdin would block), and
// kills it after `limitMs`: a hang is reported as `timedOut`, never as a stuck test run.
import { spawn } from 'node:child_process';

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
  timedOut: boolean;
}

export function spawnCli(script: string, args: string[], limitMs = 20_000, cwd?: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, out, err, timedOut });
    });
  });
}

/** A line of a V8 stack trace. */
export const stackFrame = /^\s{4}at /m;
