// The integer rule of the command-line flags, one for both CLIs: the sandbox's (cli-args.ts) and the
// verifier's (@messaging-contracts/verify imports it from this package's index). Each CLI passes its
// own usage error, which its entry point turns into one line and exit 2.

/** A flag's text as an integer from `min` to `max`; `undefined` when the flag is not given. */
export type IntegerFlag = (name: string, value: string | undefined, min: number, max: number) => number | undefined;

/**
 * The reader of a CLI's integer flags: decimal digits only (no sign, exponent or spaces), from `min`
 * to `max`; anything else throws `UsageError` naming the flag and the rule:
 * `--port must be an integer from 0 to 65535`.
 */
export function integerFlags(UsageError: new (message: string) => Error): IntegerFlag {
  return (name, value, min, max) => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
    return Number(value);
  };
}
