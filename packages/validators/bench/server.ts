// The bench's loopback server, in its own process so the clients' measurements do not include
// its work: answers each `METHOD /path` with the canned reply the parent sends over IPC, and ends
// with its parent (or after five minutes at most).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Replies = Record<string, { status: number; body: string }>;

const LIFETIME_MS = 5 * 60_000;
let replies: Replies = {};

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const reply = replies[`${req.method} ${(req.url ?? '').split('?')[0]}`];
    res.writeHead(reply?.status ?? 404, { 'Content-Type': 'application/json' });
    res.end(reply?.body ?? '{"message":"no such route"}');
  });
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('message', (message: { replies: Replies }) => {
  replies = message.replies;
  process.send?.({ ready: true });
});
process.on('disconnect', stop);
setTimeout(stop, LIFETIME_MS).unref();
process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
