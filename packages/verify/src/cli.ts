// The `messaging-verify` command on this process: cli-main.ts's main with the process's arguments,
// environment and streams, and its result as the exit code (an internal error: a line, exit 2).
import { main } from './cli-main.js';
import { withoutUserinfo } from './redact.js';

main(process.argv.slice(2), process.env, { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`messaging-verify: internal error: ${withoutUserinfo(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 2;
  },
);
