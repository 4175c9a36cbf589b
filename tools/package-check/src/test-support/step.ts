// One step of a test's setup run as a child process, bounded in time: a step that does not end
// within its limit is killed and fails with its name, its command and the end of what it printed,
// instead of the hook waiting out its own limit in silence (issue 31: the consumer test's
// `beforeAll` once ran into its 300 s limit on Node 24 with nothing said). Its stdin is closed at
// once, so a prompt reads end-of-file instead of waiting for an answer nobody can give.
import { execFile } from 'node:child_process';

export interface StepOptions {
  cwd: string;
  /** The step's limit; it should be under the hook's, so the step, not the hook, reports. */
  timeoutMs: number;
  /** Resolve with a non-zero exit code instead of failing (a compiler reporting errors). */
  allowFailure?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface StepResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The last lines of a child's output kept in an error: enough to see where it stopped. */
const TAIL_LINES = 40;
/** A step still running after this long says so, once per period, on stderr. */
const PROGRESS_MS = 30_000;

export function runStep(step: string, file: string, args: readonly string[], options: StepOptions): Promise<StepResult> {
  const started = Date.now();
  const command = [file, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const progress = setInterval(() => {
      console.error(`${step}: still running after ${Math.round((Date.now() - started) / 1000)} s (${command})`);
    }, PROGRESS_MS);
    const child = execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        clearInterval(progress);
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (!error) return resolve({ code: 0, stdout, stderr });
        const { code, killed, signal } = error as { code?: number | string; killed?: boolean; signal?: string | null };
        if (typeof code === 'number' && options.allowFailure && !killed) return resolve({ code, stdout, stderr });
        const why = code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
          ? 'printed more than 64 MiB and was killed'
          : killed
          ? `did not end within ${options.timeoutMs / 1000} s and was killed`
          : typeof code === 'number'
            ? `exited with code ${code} after ${seconds} s`
            : signal
              ? `ended by ${signal} after ${seconds} s`
              : `could not run: ${error.message}`;
        reject(new Error(`${step}: \`${command}\` in ${options.cwd} ${why}\n--- stdout (end) ---\n${tail(stdout)}\n--- stderr (end) ---\n${tail(stderr)}`));
      },
    );
    child.stdin?.end();
  });
}

function tail(text: string): string {
  const lines = text.trimEnd().split('\n');
  return (lines.length > TAIL_LINES ? ['…', ...lines.slice(-TAIL_LINES)] : lines).join('\n');
}
