// A refused CORS Origin, said where the developer looks (the sandbox's stderr): the browser tells
// the page only "Failed to fetch" and keeps the reason in its console. Once per origin, and for at
// most MAX_REPORTED_ORIGINS origins (then one line saying the rest go unreported), each kept to
// MAX_ORIGIN_CHARS, so a page or a client sending many Origins can neither flood the log nor grow
// the sandbox's memory.
import type { CorsPolicy } from './cors.js';
import { isLoopbackOrigin } from './loopback.js';

export const MAX_REPORTED_ORIGINS = 100;
/** Longer Origin headers are cut to this many characters: longer than any real origin (`https://`, a host name of at most 253, `:65535`). */
export const MAX_ORIGIN_CHARS = 300;

/** How the option to allow `origin` reads, or undefined when no `--cors` value can (`null`, `file://`). */
function allowing(origin: string, policy: CorsPolicy): string | undefined {
  let normalised: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    normalised = url.origin;
  } catch {
    return undefined;
  }
  // Only `--cors off` refuses a loopback origin: the default allows them all.
  if (isLoopbackOrigin(normalised)) return '--cors loopback (the default)';
  return `--cors ${[...policy.origins, normalised].join(',')}`;
}

/** The line for one refused origin (JSON-quoted: the header is the client's text, not ours). */
export function refusalLine(origin: string, policy: CorsPolicy): string {
  const option = allowing(origin, policy);
  return [
    `CORS refused the Origin ${JSON.stringify(origin)} (allowed: ${policy.allows}), so a page there gets only a network error ("Failed to fetch");`,
    option
      ? `to allow it, start the sandbox with ${option} (startSandbox: the cors option)`
      : 'no --cors value can allow it (a file:// page, a sandboxed frame, or a request redirected across origins sends "null"): serve the page over http(s)',
  ].join(' ');
}

/** A function to call with each refused Origin; it tells `warn` once per origin, boundedly. */
export function originRefusalReporter(sink: (message: string) => void, policy: CorsPolicy, max = MAX_REPORTED_ORIGINS) {
  // Called while a request is answered: a caller's warn that throws must not take the sandbox down.
  const warn = (message: string) => {
    try {
      sink(message);
    } catch {}
  };
  const reported = new Set<string>();
  let full = false;
  return (header: string) => {
    if (full) return;
    const origin = header.length > MAX_ORIGIN_CHARS ? `${header.slice(0, MAX_ORIGIN_CHARS)}…` : header;
    if (reported.has(origin)) return;
    if (reported.size >= max) {
      full = true;
      reported.clear();
      warn(`CORS refused ${max} different Origins; further refused Origins are not reported`);
      return;
    }
    reported.add(origin);
    warn(refusalLine(origin, policy));
  };
}
