// One bench server in its own process (so it has a core to itself while the load generator uses
// the other): `receiver` is this package's Node handler, `bare` is node:http with a precompiled
// validator and nothing else. Prints nothing; tells the parent its port over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callbacks } from '@messaging-contracts/validators/sms-v2';
import { createSmsV2StatusReceiver } from '../src/receivers.js';

const kind = process.argv[2];
const validateStatus = callbacks.receiveStatusCallback!.body!;
let handled = 0;

const server =
  kind === 'receiver'
    ? createServer(
        createSmsV2StatusReceiver({
          onStatus: () => {
            handled++;
          },
        }).node,
      )
    : createServer((req, res) => {
        // The least a correct receiver can do: read the body, parse it, validate it, answer.
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          let ok = false;
          try {
            ok = validateStatus(JSON.parse(Buffer.concat(chunks).toString('utf8'))).length === 0;
          } catch {
            ok = false;
          }
          if (ok) handled++;
          res.writeHead(ok ? 200 : 400);
          res.end();
        });
      });

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'handled?') process.send!({ handled });
  if (message === 'stop') server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
