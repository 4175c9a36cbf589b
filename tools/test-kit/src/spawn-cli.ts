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
  return spawnCommand(process.execPath, [script, ...args], { limitMs, cwd });
}

export interface SpawnOptions {
  limitMs?: number;
  cwd?: string;
  /** Added to this process's environment (NO_COLOR is always set). */
  env?: Record<string, string>;
  /** Run it in a process group of its own, killed whole past `limitMs` (what a script shell starts too). */
  group?: boolean;
}

/** Any command, as spawnCli runs a script: its whole output and exit code, killed past `limitMs`. */
export function spawnCommand(command: string, args: string[], { limitMs = 20_000, cwd, env, group = false }: SpawnOptions = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, detached: group, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      if (group) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
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
