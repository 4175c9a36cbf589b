// The target's "now", from which the 60-day scheduling bound (`x-max-days-ahead`, section 8) is
// placed: a body "at" the bound and one a day past it. A service's clock is taken to be real time
// (the margins in boundaries.ts absorb skew). A sandbox's clock need not be: seeded, it starts in
// 2030, and `--now`, `PUT /__sandbox/clock` or fixtures move it anywhere, and each session has its
// own. So with sandboxControl the verifier reads the driven scope's clock through the sandbox's
// control API (sandbox-scope.ts); without it, the bound would be placed from today and a seeded
// sandbox would be reported as accepting a date past the bound.
import type { SandboxScope } from './sandbox-scope.js';

/**
 * The target's clock, ms since the epoch: the sandbox scope's when there is one (sandboxControl,
 * and not a dry run, which sends nothing), else real time. A sandbox whose clock cannot be read (an
 * old one, or not a sandbox at all) does not stop the run: real time is used, and `note` says so,
 * since the 60-day checks may then fail for the clock and not for the target.
 */
export async function targetNow(scope: SandboxScope | undefined, note: (text: string) => void): Promise<number> {
  if (!scope) return Date.now();
  const now = await scope.now();
  if (typeof now === 'number') return now;
  note(`--sandbox-control: ${now}; the 60-day bound (section 8) is placed from today`);
  return Date.now();
}
