// The `messaging-verify` command: flags to options, an in-process sandbox for --sandbox, progress on
// stderr, the summary as the last line of stdout, the reports, and the exit code: 0 all passed,
// 1 a contract failure, 2 bad usage or an unreachable target.
import { writeFileSync } from 'node:fs';
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { type CliOptions, parseCliArgs, USAGE } from './cli-args.js';
import { secretsOf } from './credentials.js';
import { DestinationsError } from './destinations.js';
import { junitOf, summaryLine } from './report.js';
import { BudgetError, UnreachableError } from './transport.js';
import { UsageError, verify } from './verify.js';

async function main(): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError || error instanceof DestinationsError) {
      process.stderr.write(`messaging-verify: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const print = options.quiet ? () => {} : (line: string) => process.stderr.write(`${line}\n`);
  let sandbox: Sandbox | undefined;
  try {
    if (options.sandbox) {
      sandbox = await startSandbox({ port: 0, credentials: options.credentials ?? {} });
      options.baseUrl = sandbox.url;
      options.credentials = sandbox.credentials;
    }
    const report = await verify({ ...options, print, printRequest: (line) => process.stdout.write(`${line}\n`) });
    const secrets = secretsOf(options.credentials ?? {});
    const safe = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
    if (options.json) writeFileSync(options.json, safe(`${JSON.stringify(report, null, 2)}\n`));
    if (options.junit) writeFileSync(options.junit, safe(junitOf(report)));
    print(`${report.requests} requests${options.dryRun ? ' would be sent' : ''} in ${(report.durationMs / 1000).toFixed(1)} s`);
    process.stdout.write(`${options.dryRun ? `verify: dry run, ${report.requests} requests` : summaryLine(report)}\n`);
    return report.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnreachableError || error instanceof BudgetError) {
      process.stderr.write(`messaging-verify: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await sandbox?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`messaging-verify: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
