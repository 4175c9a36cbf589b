// Section 1 of the verifier's README: nothing reaches a non-loopback address without `--live`.
// Loopback is decided from the URL's host text alone (no DNS lookup), so a name that merely
// resolves to 127.0.0.1 still counts as live: the guard errs towards refusing.
import { isLoopbackDestination } from '@messaging-contracts/sandbox';

/**
 * True for `localhost`, 127.0.0.0/8 and `[::1]` (the sandbox's rule for its callbacks, one rule for
 * both). Not for `*.localhost`: the system resolver looks such a name up in DNS (only `localhost` is
 * in /etc/hosts), where a search domain or a wildcard record may answer with any address.
 */
export const isLoopback = (url: URL): boolean => isLoopbackDestination(url);

/** Defaults that depend on where the requests go (README, "Safety"). */
export const LIVE_DEFAULTS = { maxRequests: 60, intervalMs: 250 } as const;
export const LOOPBACK_DEFAULTS = { maxRequests: 2000, intervalMs: 0 } as const;
