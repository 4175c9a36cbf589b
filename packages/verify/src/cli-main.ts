// The `messaging-verify` command's work, given its arguments, environment and output streams:
// flags to options, an in-process sandbox for --sandbox, progress on stderr, the summary as the
// last line of stdout, the reports, and the exit code: 0 all passed, 1 a contract failure, 2 bad
// usage or an unreachable target. cli.ts runs it on the process; the tests run the usage errors
// in process (a process start for each was most of their CPU) and the rest as a real process.
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { type Sandbox, startSandbox } from '@messaging-contracts/sandbox';
import { type CliOptions, parseCliArgs, USAGE } from './cli-args.js';
import { secretsOf } from './credentials.js';
import { DestinationsError } from './destinations.js';
import { viaCommand } from './option-names.js';
import { redact } from './redact.js';
import { sandboxRefusal } from './sandbox-refusal.js';
import { junitOf, type Report, reportOf, summaryLine } from './report.js';
import { BudgetError, InterruptedError, UnreachableError } from './transport.js';
import { StartUsageError } from './usage-error.js';
import { UsageError, verify } from './verify.js';
import { counted } from './plural.js';

export interface CliStreams {
  /** Writes to stdout, as is. */
  out: (text: string) => void;
  /** Writes to stderr, as is. */
  err: (text: string) => void;
}

/**
 * The exit code; throws only on an internal error (the `messaging-verify` command reports it and
 * exits 2). `signal` is the process's SIGINT or SIGTERM (its reason the signal's name): the run
 * stops, puts the callback addresses back, writes its reports marked `stopped`, prints its summary
 * line and returns 128 + the signal's number (130, 143), as a shell reports a process the signal ended.
 */
export async function main(argv: string[], env: Record<string, string | undefined>, io: CliStreams, signal?: AbortSignal): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = parseCliArgs(argv, env);
  } catch (error) {
    if (error instanceof UsageError || error instanceof DestinationsError) {
      // Nothing ran, and the flags that name the report files were not read: no report.
      const asked = argv.some((arg) => /^--(json|junit)(=|$)/.test(arg));
      io.err(`messaging-verify: ${error.message}${asked ? ' (no report written: the flags could not be read, nothing ran)' : ''}\n`);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  // The run's report and progress lines come redacted from verify() (redact.ts, one place for the API
  // and the command); the command's own lines pass the same redaction. (A function: --sandbox
  // replaces the credentials with the sandbox's.)
  const secrets = () => secretsOf(options.credentials ?? {});
  const out = (text: string) => io.out(redact(text, secrets()));
  const err = (text: string) => io.err(redact(text, secrets()));
  // --quiet leaves out the progress lines, never a FAIL line (nor its curl).
  const printFailure = (line: string) => io.err(`${line}\n`);
  const print = options.quiet ? () => {} : printFailure;
  let sandbox: Sandbox | undefined;
  try {
    checkReportPaths(options);
    if (options.sandbox) {
      sandbox = await startSandbox({ port: 0, credentials: options.credentials ?? {} }).catch((error: unknown) => {
        throw sandboxRefusal(error);
      });
      options.baseUrl = sandbox.url;
      options.credentials = sandbox.credentials;
    }
    const report = await verify(viaCommand({ ...options, print, printFailure, printRequest: (line) => io.out(`${line}\n`), ...(signal && { signal }) }));
    writeReports(options, report);
    // A dry run's time is not the run's: its plan lines (plan.ts) say the time the pacing implies.
    if (!options.dryRun) print(`${counted(report.requests, 'request')} in ${(report.durationMs / 1000).toFixed(1)} s`);
    out(`${options.dryRun ? `verify: dry run, ${counted(report.requests, 'request')}` : summaryLine(report)}\n`);
    return report.failed > 0 ? 1 : 0;
  } catch (error) {
    // A run that stopped still writes the reports asked for: the checks made until then, and
    // `stopped` saying why (README, "Command").
    const partial = reportOf(error);
    if (partial) writeReports(options, partial);
    if (error instanceof InterruptedError) {
      err(`messaging-verify: ${error.message}; the run stopped after ${counted(partial?.checks.length ?? 0, 'check')} (${partial?.failed ?? 0} failed)${reportFiles(options)}\n`);
      if (partial) out(`${summaryLine(partial)}\n`);
      const name = typeof signal?.reason === 'string' ? signal.reason : '';
      return 128 + ((constants.signals as Record<string, number>)[name] ?? 2);
    }
    if (error instanceof UsageError || error instanceof UnreachableError || error instanceof BudgetError) {
      err(`messaging-verify: ${error.message}\n`);
      // A run that stopped after it began still ends stdout with its summary line (README,
      // "Command"); bad usage found before anything was sent is its one line alone.
      if (partial && (!(error instanceof UsageError) || error instanceof StartUsageError || partial.requests > 0)) out(`${summaryLine(partial)}\n`);
      if (partial && reportFiles(options)) err(`messaging-verify: the run stopped after ${counted(partial.checks.length, 'check')} (${partial.failed} failed)${reportFiles(options)}\n`);
      return 2;
    }
    throw error;
  } finally {
    await sandbox?.close();
  }
}

/** Where the report files are, for the line that says the run stopped: `; the report so far, with "stopped", is in a and b`, or nothing. */
function reportFiles(options: CliOptions): string {
  const files = [options.json, options.junit].filter((file) => file !== undefined);
  return files.length > 0 ? `; the report so far, with "stopped", is in ${files.join(' and ')}` : '';
}

/** The report files can be written: found before the run, not after it (an error of its own, exit 2). */
function checkReportPaths(options: CliOptions) {
  for (const [flag, file] of [['--json', options.json], ['--junit', options.junit]] as const) {
    if (file === undefined) continue;
    try {
      closeSync(openSync(file, 'a'));
    } catch (error) {
      throw new UsageError(`${flag} ${file}: cannot be written (${(error as { code?: string }).code ?? 'error'}); nothing was sent`);
    }
  }
}

/** The JSON and JUnit reports asked for: verify()'s report, already redacted (its values, never its keys). */
function writeReports(options: CliOptions, report: Report) {
  if (options.json) writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  if (options.junit) writeFileSync(options.junit, junitOf(report));
}
