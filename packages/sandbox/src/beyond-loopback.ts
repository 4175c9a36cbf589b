// What a sandbox listening beyond loopback says, in process (startSandbox's `warn`) as from the CLI
// (README, `--host`): other machines can reach it, and at which addresses. The addresses come from
// the address the socket bound, not from the host as given, so `0`, `0x0` and `::0` (which bind
// 0.0.0.0 and ::) list the machine's addresses, as `0.0.0.0` and `::` do.
import { listeningAddresses } from './loopback.js';

/** The origins other machines reach a socket bound to `bound`:`port` at. */
export function reachableOrigins(bound: string, port: number, scheme: 'http' | 'https'): string[] {
  return listeningAddresses(bound).map((address) => `${scheme}://${address.includes(':') ? `[${address}]` : address}:${port}`);
}

/** The one-line warning; the host as given is named, and the address it bound to when that differs. */
export function beyondLoopbackWarning(host: string, bound: string, port: number, scheme: 'http' | 'https'): string {
  const listening = host === bound ? host : `${host} (${bound})`;
  return `warning: listening on ${listening}, beyond loopback: other machines can reach it; reachable at: ${reachableOrigins(bound, port, scheme).join(', ')}`;
}
