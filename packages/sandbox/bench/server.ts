// The bench's server process: either the sandbox (built dist/) or a baseline, a bare node:http
// server that reads the body, parses the same JSON and answers a fixed body: at once ('bare'), or at
// the end of the event loop's turn with the other answers of that turn ('batched'), as the sandbox
// does. The load generator runs in the parent process. Over IPC: { port, credentials } once listening; 'rss' → RSS after gc, settled.
// The sandbox has SESSIONS sessions active, and the load uses the credentials of the last one, so
// each request also finds its session among the others.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '@messaging-contracts/sandbox';
import { settledRss } from './settled-rss.mjs';

const mode = process.argv[2];
const SESSIONS = 50;
const FIXED = '{"id":"3f2b8c1e-9a4d-4e6b-8c2a-1d5e7f9a0b3c"}';

/** 'batched': answers written at the end of the event loop's turn, as the sandbox writes them (src/http-io.ts). */
let ending: ServerResponse[] = [];
function flush() {
  const pending = ending;
  ending = [];
  for (const res of pending) res.end(FIXED);
}

async function main() {
  if (mode === 'bare' || mode === 'batched') {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(202, { 'content-type': 'application/json', 'content-length': FIXED.length });
        if (mode === 'bare') res.end(FIXED);
        else if (ending.push(res) === 1) setImmediate(flush);
      });
    });
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.send!({ port: (server.address() as AddressInfo).port });
  } else {
    const sandbox = await startSandbox({ port: 0, seed: 'bench' });
    let session;
    for (let i = 0; i < SESSIONS; i++) session = sandbox.createSession();
    process.send!({ port: Number(new URL(sandbox.url).port), credentials: session!.credentials });
  }
  process.on('message', async (message) => {
    if (message === 'rss') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send!({ rss: await settledRss() });
    }
  });
}

void main();
