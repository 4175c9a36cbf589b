// The target's "now", from which the 60-day scheduling bound (`x-max-days-ahead`, section 8) is
// placed: a body "at" the bound and one a day past it. A service's clock is taken to be real time
// (the margins in boundaries.ts absorb skew). A sandbox's clock need not be: seeded, it starts in
// 2030, and `--now`, `PUT /__sandbox/clock` or fixtures move it anywhere. So with sandboxControl
// the verifier reads it through the sandbox's control API (its typed client), as it reads
// nothing else there; without it, the bound would be placed from today and a seeded sandbox would
// be reported as accepting a date past the bound.
import { createSandboxControlClient } from '@messaging-contracts/sandbox/control-client';

/**
 * The target's clock, ms since the epoch: a sandbox's when `sandboxControl` (and not a dry run,
 * which sends nothing), else real time. A sandbox whose clock cannot be read (an old one, or not a
 * sandbox at all) does not stop the run: real time is used, and `note` says so, since the 60-day
 * checks may then fail for the clock and not for the target.
 */
export async function targetNow(baseUrl: string, options: { sandboxControl?: boolean; dryRun?: boolean; timeoutMs: number }, note: (text: string) => void): Promise<number> {
  if (!options.sandboxControl || options.dryRun) return Date.now();
  const control = createSandboxControlClient({ baseUrl, timeoutMs: options.timeoutMs });
  const answer = await control.GET('/clock').catch((error: unknown) => ({ failed: error instanceof Error ? error.message : 'no answer' }));
  const now = 'data' in answer && answer.data ? Date.parse(answer.data.now) : Number.NaN;
  if (!Number.isNaN(now)) return now;
  const what = 'failed' in answer ? `failed (${answer.failed})` : `answered ${answer.response.status} without a clock`;
  note(`--sandbox-control: GET /__sandbox/clock ${what}; the 60-day bound (section 8) is placed from today`);
  return Date.now();
}
