// What each test file of the shared-sandbox project does, at the same time as the other: its own
// session, receiver, messages, status changes and faults. Without isolation the files would
// receive each other's callbacks and faults.
import { createImClient } from '@messaging-contracts/im-v1-client';
import { createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { listen } from '@messaging-contracts/test-kit/http-server';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

export function sessionSuite(name: string) {
  const base = `${inject('sandboxUrl')}/__sandbox`;
  const control = (path: string, init: RequestInit = {}) =>
    fetch(base + path, { ...init, headers: { 'content-type': 'application/json' } }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const received: { id?: string; status?: string }[] = [];
  let session: { id: string; credentials: { 'im-v1': { apiKey: string } } };
  let receiver: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    session = (await control('/sessions', { method: 'POST' })).body;
    receiver = await listen(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node);
    await control(`/sessions/${session.id}/callbacks`, { method: 'PUT', body: JSON.stringify({ imStatus: receiver.url }) });
  });
  afterAll(async () => {
    await control(`/sessions/${session.id}`, { method: 'DELETE' });
    await receiver.close();
  });

  const im = () => createImClient({ baseUrl: inject('sandboxUrl'), apiKey: session.credentials['im-v1'].apiKey, retry: false });
  const send = () => im().POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: name } } } });

  it(`${name}: receives the callbacks of its own messages only`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { data } = await send();
      ids.push(data!.id!);
      expect((await control(`/sessions/${session.id}/status`, { method: 'POST', body: JSON.stringify({ id: data!.id, status: 'received' }) })).status).toBe(200);
    }
    expect(received.map((r) => r.id)).toEqual(ids);
  });

  it(`${name}: gets its own faults only`, async () => {
    for (let i = 0; i < 10; i++) {
      await control(`/sessions/${session.id}/faults`, { method: 'POST', body: JSON.stringify({ operation: 'im-v1.sendMessage', status: 429 }) });
      expect((await send()).response.status).toBe(429);
      expect((await send()).response.status).toBe(202);
    }
    const log = (await control(`/sessions/${session.id}/requests?operation=im-v1.sendMessage`)).body as { body: any }[];
    expect(new Set(log.map((r) => r.body.message.text.body))).toEqual(new Set([name]));
  });
}
