// The bounds of the verifier's integer options, one table for the command's flags (cli-args.ts,
// with the sandbox's integer-flag rule) and the API's options (checkIntegerOptions, in verify()):
// the same number is refused the same way whichever way it is given.
import { API_IDS } from './contract.js';
import { UsageError } from './usage-error.js';

export const INTEGER_BOUNDS = {
  maxRequests: [1, 100_000],
  intervalMs: [0, 60_000],
  timeoutMs: [1, 300_000],
  maxResponseBytes: [1024, 2 ** 30],
  maxRetryAfterSeconds: [0, 1000],
  seed: [0, 2 ** 31 - 1],
  generated: [0, 100],
  listen: [0, 65535],
  callbackTimeoutMs: [0, 600_000],
} as const satisfies Record<string, readonly [number, number]>;

/** What a refused value is shown as: its JSON, at most 40 characters. */
const shown = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 40);

/**
 * The API's integer options and `apis` held to the command's rules (TypeScript's types do not reach
 * plain JavaScript, or a value read from a file): a UsageError naming the option and the rule,
 * before anything is sent.
 */
export function checkApiOptions(given: object): void {
  const options = given as Record<string, unknown>;
  for (const [key, [min, max]] of Object.entries(INTEGER_BOUNDS)) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)) {
      throw new UsageError(`${key} must be an integer from ${min} to ${max} (got ${shown(value)})`);
    }
  }
  const { apis } = options;
  if (apis === undefined) return;
  if (!Array.isArray(apis) || apis.length === 0) throw new UsageError(`apis must be a non-empty array of interface ids: ${API_IDS.join(', ')} (got ${shown(apis)})`);
  const unknown = apis.find((api) => !(API_IDS as readonly unknown[]).includes(api));
  if (unknown !== undefined) throw new UsageError(`apis must name interfaces of ${API_IDS.join(', ')} (got ${shown(unknown)})`);
}
