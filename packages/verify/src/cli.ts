// The `messaging-verify` command on this process: cli-main.ts's main with the process's arguments,
// environment and streams, and its result as the exit code (an internal error: a line, exit 2).
// SIGINT and SIGTERM stop the run cleanly (main: callback addresses put back, reports written
// marked stopped, the summary line, exit 130 or 143); a second one exits at once.
import { constants } from 'node:os';
import { main } from './cli-main.js';
import { withoutUserinfo } from './redact.js';

const interrupt = new AbortController();
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    if (interrupt.signal.aborted) process.exit(128 + constants.signals[name]);
    interrupt.abort(name);
  });
}

main(process.argv.slice(2), process.env, { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }, interrupt.signal).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`messaging-verify: internal error: ${withoutUserinfo(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 2;
  },
);
