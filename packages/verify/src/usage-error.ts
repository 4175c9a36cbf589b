/** Bad usage: a flag or option breaks its rule, or the target may not be sent to (exit 2). */
export class UsageError extends Error {
  static { UsageError.prototype.name = 'UsageError'; }
}
/**
 * Bad usage found once the run had begun (a `--listen` port in use), or a target refused (not
 * loopback, without `--live`: its report is written with `stopped`): exit 2 as any, but the command
 * still ends stdout with its summary line, as for an unreachable target (README, "Command").
 */
export class StartUsageError extends UsageError {} // named UsageError, as it is one
