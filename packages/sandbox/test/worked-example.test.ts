// The README's worked example, as a test: the project's im-v1 client sends a C message, the test
// sets its status to `received`, and the project's webhooks receiver gets the callback. The code
// inside the first test is the README's, line for line (the second test holds the two together),
// so the example is type-checked (`pnpm lint`, strict) and run as written.
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';

it('im-v1 client → sandbox → status received → webhooks receiver', async () => {
  const received: { id?: string; status?: string }[] = [];
  const receiver = createImV1StatusReceiver({ rateLimit: 50, onStatus: (callback) => void received.push(callback) });
  const server = createServer(receiver.node).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks/im`;

  const sandbox = await startSandbox({ port: 0, callbacks: { imStatus: receiverUrl } });
  const im = createImClient({ baseUrl: sandbox.url, apiKey: sandbox.credentials['im-v1'].apiKey });

  const sent = await im.POST('/message', {
    body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Your order has shipped' } } },
  });
  // The 202's `id` is not marked required (section 4.3: body `{id: Uuid}`): check it, as against a deployment.
  const id = sent.data?.id;
  if (id === undefined) throw new Error(`the message was not accepted with an id (POST /message answered ${sent.response.status})`);
  const delivery = await sandbox.setStatus(id, 'received');

  expect(received).toEqual([{ id, status: 'received', detail: 'Status changed by the sandbox' }]);
  expect(delivery?.attempts[0]).toMatchObject({ status: 200, rateLimit: 50 });

  await sandbox.close();
  server.close();
});

it("is the README's worked example as written, with no non-null assertion (`!`): a missing id is checked", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const open = readme.indexOf('```ts\n', readme.indexOf('### Worked example')) + '```ts\n'.length;
  const block = readme.slice(open, readme.indexOf('```\n', open));
  expect(block).not.toMatch(/[\w)\]]!(?!=)/);
  expect(block).toMatch(/if \(id === undefined\) throw new Error\(/);
  // Each line of code (imports and result comments aside) is in the first test, in order.
  const own = readFileSync(new URL(import.meta.url), 'utf8').split('\n').map((line) => line.trim());
  let at = own.findIndex((line) => line.startsWith('it('));
  for (const line of block.split('\n').map((text) => text.trim())) {
    if (line === '' || line.startsWith('import ') || (line.startsWith('//') && !line.startsWith('// The 202'))) continue;
    const found = own.indexOf(line, at);
    expect(found, `README line not in the test, in order: ${line}`).toBeGreaterThan(at);
    at = found;
  }
});
