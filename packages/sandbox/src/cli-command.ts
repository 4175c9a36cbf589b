// `messaging-sandbox [flags] -- <command> [args...]`: the sandbox for the length of one command (a
// test run), like start-server-and-test. The command gets the sandbox's address in its environment
// (SANDBOX_URL, and SANDBOX_CONTROL_TOKEN when the control API requires one) and the CLI's stdin,
// stdout and stderr; when it exits, the sandbox closes and the CLI exits with its code. A runner
// without a global setup (node --test) then needs no wrapper script.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

export interface RunningCommand {
  /** Its exit code: 128 + n when signal n ended it, 127 when it could not be started. */
  exited: Promise<number>;
  /** Passes a signal the CLI received on to it, while it runs. */
  signal(signal: NodeJS.Signals): void;
}

export function runCommand(command: readonly string[], env: Record<string, string>): RunningCommand {
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  const exited = new Promise<number>((resolve) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      process.stderr.write(`messaging-sandbox: cannot run ${command[0]!.slice(0, 200)}: ${error.code ?? error.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
  return {
    exited,
    signal(signal) {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) child.kill(signal);
    },
  };
}
