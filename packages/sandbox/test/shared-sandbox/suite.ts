// What each test file of the shared-sandbox project does, at the same time as the other: its own
// session, receiver, messages, status changes and faults. Without isolation the files would
// receive each other's callbacks and faults.
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { listen } from '@messaging-contracts/test-kit/http-server';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createSandboxControlClient, type SandboxControlComponents, throwOnError } from '../../src/control-client.js';

export function sessionSuite(name: string) {
  // As the README's globalSetup example: the typed control client, each call its success body.
  const control = throwOnError(createSandboxControlClient({ baseUrl: inject('sandboxUrl') }));
  const received: { id?: string; status?: string }[] = [];
  let session: SandboxControlComponents['schemas']['Session'];
  let receiver: Awaited<ReturnType<typeof listen>>;
  const path = () => ({ path: { sessionId: session.id } });

  beforeAll(async () => {
    session = await control.POST('/sessions');
    receiver = await listen(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node);
    await control.PUT('/sessions/{sessionId}/callbacks', { params: path(), body: { imStatus: receiver.url } });
  });
  afterAll(async () => {
    await control.DELETE('/sessions/{sessionId}', { params: path() });
    await receiver.close();
  });

  const im = () => createImClient({ baseUrl: inject('sandboxUrl'), apiKey: session.credentials['im-v1'].apiKey, retry: false });
  const send = () => im().POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: name } } } });

  it(`${name}: receives the callbacks of its own messages only`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { data } = await send();
      const id = data?.id;
      if (id === undefined) throw new Error(`no message id: ${JSON.stringify(data)}`);
      ids.push(id);
      await control.POST('/sessions/{sessionId}/status', { params: path(), body: { id, status: 'received' } });
    }
    expect(received.map((r) => r.id)).toEqual(ids);
  });

  it(`${name}: gets its own faults only`, async () => {
    for (let i = 0; i < 10; i++) {
      await control.POST('/sessions/{sessionId}/faults', { params: path(), body: { operation: 'im-v1.sendMessage', status: 429 } });
      expect((await send()).response.status).toBe(429);
      expect((await send()).response.status).toBe(202);
    }
    const log = await control.GET('/sessions/{sessionId}/requests', { params: { ...path(), query: { operation: 'im-v1.sendMessage' } } });
    expect(new Set(log.map((r) => (r.body as { message: { text: { body: string } } }).message.text.body))).toEqual(new Set([name]));
  });
}
