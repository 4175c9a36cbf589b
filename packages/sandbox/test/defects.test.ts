// Defects found by a held-out suite and by trying to break the sandbox; each test failed before
// its fix.
import { request } from 'node:http';
import { createSmsV2StatusReceiver, createImV1StatusReceiver } from '@messaging-contracts/webhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
const servers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await sandboxWithClients({ maxBodyBytes: 64 * 1024, callbackDelivery: { retryDelayMs: 20, timeoutMs: 2000 } });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  t.sandbox.reset();
  t.sandbox.setCallbackUrls({ smsStatus: '', smsReply: '', imStatus: '' });
});
afterAll(() => t.sandbox.close());

async function receiverAt(handler: Parameters<typeof listen>[0]) {
  const server = await listen(handler);
  servers.push(server);
  return server.url;
}
const sendIm = async () =>
  (await t.im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } } })).data!.id!;

describe('status changes', () => {
  it('POST /__sandbox/status passes `detail` to the callback', async () => {
    const received: unknown[] = [];
    t.sandbox.setCallbackUrls({ imStatus: await receiverAt(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node) });
    const id = await sendIm();
    const answer = await fetch(`${t.sandbox.url}/__sandbox/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, status: 'read', detail: 'Read on the handset' }),
    });
    expect(answer.status).toBe(200);
    expect(received).toEqual([{ id, status: 'read', detail: 'Read on the handset' }]);
  });

  it("refuses a C status change whose callback would break section 2.3's 255-character detail", async () => {
    const received: unknown[] = [];
    t.sandbox.setCallbackUrls({ imStatus: await receiverAt(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node) });
    const id = await sendIm();
    await expect(t.sandbox.setStatus(id, 'read', { detail: 'x'.repeat(256) })).rejects.toThrow(/detail.*\(maxLength 255\)/);
    await t.sandbox.setStatus(id, 'read', { detail: 'x'.repeat(255) });
    expect(received).toHaveLength(1);
  });

  it("sends no B status callback for an inbound (MO) reply: section 6's status callback reports MT messages", async () => {
    const received: unknown[] = [];
    t.sandbox.setCallbackUrls({ smsStatus: await receiverAt(createSmsV2StatusReceiver({ onStatus: (s) => void received.push(s) }).node) });
    const sent = await t.sms.POST('/messages', { body: { destination: '+447700900123', source: '+447700900999', content: 'Hello' } });
    const { id: replyId } = await t.sandbox.reply(sent.data!.id!, { content: 'Yes' });
    expect(await t.sandbox.setStatus(replyId, 'received')).toBeUndefined();
    await t.sandbox.idle();
    expect(received).toEqual([]);
    const read = await t.sms.GET('/messages', { params: { query: { id: replyId } } });
    expect(read.data?.status).toBe('received');
  });
});

describe('bodies over the limit', () => {
  /** A chunked upload of `bytes` bytes (no Content-Length), as fast as the socket takes it; resolves to the status or the error. */
  function chunkedUpload(bytes: number): Promise<number | string> {
    return new Promise((resolve) => {
      const c = t.sandbox.credentials['gateway-v1'];
      const req = request(`${t.sandbox.urls['gateway-v1']}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}` },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < bytes) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
  }

  it("answers every chunked upload over the limit with its 413, draining the body before closing", { timeout: 30_000 }, async () => {
    const outcomes = [];
    for (let i = 0; i < 20; i++) outcomes.push(await chunkedUpload(4 * 1024 * 1024));
    expect(outcomes).toEqual(Array(20).fill(413));
  });
});
