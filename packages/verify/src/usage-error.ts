/** Bad usage: a flag or option breaks its rule, or the target may not be sent to (exit 2). */
export class UsageError extends Error {}
