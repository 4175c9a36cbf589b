// The README's worked example, as a test: the project's im-v1 client sends a C message, the test
// sets its status to `received`, and the project's webhooks receiver gets the callback.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';

it('im-v1 client → sandbox → status received → webhooks receiver', async () => {
  // The receiver under test: the project's own, on a real port.
  const received: { id?: string; status?: string }[] = [];
  const receiver = createImV1StatusReceiver({ rateLimit: 50, onStatus: (callback) => void received.push(callback) });
  const server = createServer(receiver.node).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks/im`;

  // The sandbox, delivering C's status callbacks to it.
  const sandbox = await startSandbox({ port: 0, callbacks: { imStatus: receiverUrl } });
  const im = createImClient({ baseUrl: sandbox.url, apiKey: sandbox.credentials['im-v1'].apiKey });

  const { data } = await im.POST('/message', {
    body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Your order has shipped' } } },
  });
  const delivery = await sandbox.setStatus(data!.id!, 'received');

  expect(received).toEqual([{ id: data!.id, status: 'received', detail: 'Status changed by the sandbox' }]);
  expect(delivery?.attempts[0]).toMatchObject({ status: 200, rateLimit: 50 });

  await sandbox.close();
  server.close();
});
