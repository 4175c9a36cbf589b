// The bound of connections open at once (`maxConnections`, `--max-connections`): beyond loopback
// anyone on the network can open connections, each holding a file descriptor and a parser until
// its request arrives or times out (60 s for its headers). Node closes a connection past
// `server.maxConnections` as it arrives, before any byte is read, so a refused one costs nothing;
// the client sees the connection closed (ECONNRESET, "socket hang up").
import type { Server } from 'node:net';

export function boundConnections(server: Server, max: number | undefined, warn: (message: string) => void): void {
  if (max === undefined) return;
  server.maxConnections = max;
  // Said once, then counted: a flood of refused connections must not flood the log either.
  let refused = 0;
  server.on('drop', (data?: { remoteAddress?: string }) => {
    if (refused++ > 0) return;
    warn(
      `refused a connection${data?.remoteAddress ? ` from ${data.remoteAddress}` : ''}: ${max} are open, the most at once (--max-connections, maxConnections); further refusals are not reported`,
    );
  });
}
