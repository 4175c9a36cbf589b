// A host the sandbox cannot listen on is a bad option, named as one (`host`, the CLI's `--host`, exit
// 2 as for any bad flag), not a bare `getaddrinfo ENOTFOUND` (trial65, finding 7).

/** The host cannot be listened on: a name that does not resolve, or an address of another machine. */
export class HostError extends TypeError {
  constructor(
    readonly host: string,
    readonly rule: string,
  ) {
    super(`host ${host}: ${rule}`);
  }
}

const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

/** What listen's error says of the host, or the error itself when it is about something else (a port in use). */
export function listenError(host: string, error: NodeJS.ErrnoException): Error {
  if (error.code !== undefined && UNRESOLVED.has(error.code)) return new HostError(host, `no address of this machine, the name does not resolve (${error.code})`);
  if (error.code === 'EADDRNOTAVAIL') return new HostError(host, 'no address of this machine (EADDRNOTAVAIL)');
  return error;
}
