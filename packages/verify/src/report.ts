// The results of a run: every check with its spec section, printed as it happens, summed in the
// last line `verify: N checks, N failed` (`1 check` for one), and written as JSON and JUnit XML for CI.
import { counted } from './plural.js';

export interface CheckResult {
  /** The check's name: `status-documented`, `boundary-refused`, `auth-missing`, ... */
  check: string;
  /** The spec document's section the check holds the target to. */
  section: string;
  /** `<id>.<operationId>`, or `<id>.<callback>` for a callback. */
  operation: string;
  /** What was sent or received: `documented example 1`, `/reference at maxLength 255 + 1`, ... */
  subject: string;
  passed: boolean;
  /** Why it failed. */
  message?: string;
  /** The request again, as curl, credentials redacted. */
  curl?: string;
  status?: number;
}

export interface Report {
  target: string;
  apis: string[];
  checks: CheckResult[];
  failed: number;
  requests: number;
  /** Things not checked, and why (an operation no check can reach, a limit with no request side). */
  notes: string[];
  durationMs: number;
  seed: number;
  /** Why the run stopped before its end (bad usage, an unreachable target, a spent budget); its checks are those made until then. */
  stopped?: string;
}

/** The error, carrying the report of the run it stopped (`reportOf`), with `stopped` set to its message. */
export function withReport(error: unknown, report: Report): unknown {
  if (error instanceof Error) Object.defineProperty(error, 'report', { value: { ...report, stopped: error.message }, enumerable: false, configurable: true });
  return error;
}

/** The report of the run an error stopped: what was checked until then; undefined for any other error. */
export function reportOf(error: unknown): Report | undefined {
  return error instanceof Error ? (error as Error & { report?: Report }).report : undefined;
}

export class Recorder {
  readonly checks: CheckResult[] = [];
  readonly notes: string[] = [];
  /** Checks added while held (hold()): neither recorded nor printed until take() hands them back. */
  private held: CheckResult[] | undefined;
  /**
   * The run's redaction is applied to the free text of each check and note as it is recorded, so
   * the report and the lines printed from it never hold a credential; the check's name, operation
   * and section are the verifier's own vocabulary and are kept as they are.
   */
  constructor(
    private readonly print: (line: string) => void,
    private readonly redact: (text: string) => string = (text) => text,
    /** Where a FAIL line and its curl go; default `print`. */
    private readonly printFailure: (line: string) => void = print,
  ) {}

  /** Keeps the next checks aside (a phase whose results may turn out to mean something else). */
  hold(): void {
    this.held = [];
  }

  /** Ends hold(): the checks kept aside, for the caller to add() or drop. */
  take(): CheckResult[] {
    const held = this.held ?? [];
    this.held = undefined;
    return held;
  }

  add(given: CheckResult): void {
    if (this.held) {
      this.held.push(given);
      return;
    }
    const result: CheckResult = {
      ...given,
      subject: this.redact(given.subject),
      ...(given.message !== undefined && { message: this.redact(given.message) }),
      ...(given.curl !== undefined && { curl: this.redact(given.curl) }),
    };
    this.checks.push(result);
    if (!result.passed) {
      this.printFailure(`  FAIL ${result.operation} ${result.check} (section ${result.section}) ${result.subject}: ${result.message ?? ''}`);
      if (result.curl) this.printFailure(`       ${result.curl}`);
    }
  }

  note(given: string): void {
    const text = this.redact(given);
    this.notes.push(text);
    this.print(`  note: ${text}`);
  }

  get failed(): number {
    return this.checks.filter((c) => !c.passed).length;
  }
}

export function summaryLine(report: Pick<Report, 'checks' | 'failed'>): string {
  return `verify: ${counted(report.checks.length, 'check')}, ${report.failed} failed`;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML: one test suite per interface, one test case per check. */
export function junitOf(report: Report): string {
  const suites = new Map<string, CheckResult[]>();
  for (const check of report.checks) {
    const api = check.operation.split('.')[0]!;
    suites.set(api, [...(suites.get(api) ?? []), check]);
  }
  // Every total on the root and on each suite, `errors` included: CI readers that sum the root's
  // attributes (or default a missing one to 0) must count a stopped run's errored case.
  const errors = report.stopped === undefined ? 0 : 1;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="messaging-verify" tests="${report.checks.length + errors}" failures="${report.failed}" errors="${errors}" time="${(report.durationMs / 1000).toFixed(3)}">`,
  ];
  for (const [api, checks] of suites) {
    const failures = checks.filter((c) => !c.passed).length;
    lines.push(`  <testsuite name="${xml(api)}" tests="${checks.length}" failures="${failures}" errors="0">`);
    for (const c of checks) {
      const name = xml(`${c.check} (section ${c.section}) ${c.subject}`);
      if (c.passed) lines.push(`    <testcase classname="${xml(c.operation)}" name="${name}"/>`);
      else {
        lines.push(`    <testcase classname="${xml(c.operation)}" name="${name}">`);
        lines.push(`      <failure message="${xml(c.message ?? 'failed')}">${xml([c.message, c.curl].filter(Boolean).join('\n'))}</failure>`);
        lines.push('    </testcase>');
      }
    }
    lines.push('  </testsuite>');
  }
  if (report.stopped !== undefined) {
    // A run that stopped is not a pass of what it did not reach: one errored case says so.
    lines.push('  <testsuite name="messaging-verify" tests="1" failures="0" errors="1">');
    lines.push(`    <testcase classname="messaging-verify" name="the run"><error message="${xml(report.stopped)}">${xml(report.stopped)}</error></testcase>`);
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
