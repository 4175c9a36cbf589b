// A server on 127.0.0.1 (port 0) that records every request and answers with `answer`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** `hang`: send the status line and headers, then never end the body. */
export async function startRecordingServer(answer: (request: Recorded) => { status: number; headers?: Record<string, string>; body?: string; hang?: boolean }) {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(request);
    const { status, headers = {}, body = '', hang } = answer(request);
    if (hang) res.writeHead(status, headers).write('{');
    else res.writeHead(status, headers).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
