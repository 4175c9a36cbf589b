// A real HTTP server on 127.0.0.1, port 0, for tests that need one (receivers, sandbox callbacks).
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export async function listen(listener: RequestListener): Promise<Running> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
