// Callbacks end to end: the sandbox delivers into the project's own receivers
// (@messaging-contracts/webhooks) on real node:http servers; C's X-RateLimit-Limit answer paces
// later deliveries; failures are retried within bounds; every delivery is recorded.
import {
  createImV1StatusReceiver,
  createSmsV2ReplyReceiver,
  createSmsV2StatusReceiver,
} from '@messaging-contracts/webhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schemaEnum } from '../src/contract.js';
import { listen, sandboxWithClients } from './support.js';

let t: Awaited<ReturnType<typeof sandboxWithClients>>;
// The states are the bundles' (a state the document adds or drops leaves these tests green); a state
// of one interface only is picked from them, not named.
const smsStates = schemaEnum('sms-v2', 'MessageStatus');
const imStates = schemaEnum('im-v1', 'MessageStatus');
const onlyIm = imStates.find((state) => !smsStates.includes(state))! as 'sent';
const onlySms = smsStates.find((state) => !imStates.includes(state))! as 'sent';
const servers: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await sandboxWithClients({ callbackDelivery: { retryDelayMs: 20, timeoutMs: 2000 } });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  t.sandbox.reset();
});
afterAll(() => t.sandbox.close());

async function receiverAt(handler: Parameters<typeof listen>[0]) {
  const server = await listen(handler);
  servers.push(server);
  return server.url;
}

const sendIm = async () =>
  (await t.im.POST('/message', { body: { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Hello' } } } })).data!.id!;
const sendSms = async () =>
  (await t.sms.POST('/messages', { body: { destination: '+447700900123', source: '+447700900999', content: 'Hello' } })).data!.id!;

describe('B sms-v2', () => {
  it("delivers a status callback into the project's status receiver", async () => {
    const received: unknown[] = [];
    t.sandbox.setCallbackUrls({ smsStatus: await receiverAt(createSmsV2StatusReceiver({ onStatus: (s) => void received.push(s) }).node) });
    const id = await sendSms();
    const delivery = await t.sandbox.setStatus(id, 'received');
    expect(delivery?.outcome).toBe('delivered');
    expect(delivery?.attempts.map((a) => a.status)).toEqual([200]);
    expect(received).toEqual([{ id, status: 'received', detail: 'Status changed by the sandbox' }]);
    const read = await t.sms.GET('/messages', { params: { query: { id } } });
    expect(read.data?.status).toBe('received');
  });

  it("delivers a reply callback into the project's reply receiver, and stores the MO message", async () => {
    const replies: unknown[] = [];
    t.sandbox.setCallbackUrls({ smsReply: await receiverAt(createSmsV2ReplyReceiver({ onReply: (r) => void replies.push(r) }).node) });
    const id = await sendSms();
    const { id: replyId, delivery } = await t.sandbox.reply(id, { content: 'Yes please', operator: 'Vodafone' });
    expect(delivery?.outcome).toBe('delivered');
    expect(replies).toEqual([{ id: replyId, source: '+447700900123', destination: '+447700900999', content: 'Yes please', operator: 'Vodafone' }]);
    const read = await t.sms.GET('/messages', { params: { query: { id: replyId } } });
    expect(read.data).toMatchObject({ direction: 'MO', content: 'Yes please' });
  });

  it("refuses a status outside the documented states, naming the message's interface and where the document lists its states", async () => {
    const id = await sendSms();
    await expect(t.sandbox.setStatus(id, onlyIm)).rejects.toThrow(
      new TypeError(
        `status "${onlyIm}" is not a state of this message, a B (sms-v2) message: B's states (MessageStatus, section 2.2 and 3) are ${smsStates.join(', ')} ("${onlyIm}" is a state of C's messages, im-v1)`,
      ),
    );
    await expect(t.sandbox.setStatus(id, 'bogus' as 'sent')).rejects.toThrow(
      new TypeError(`status "bogus" is not a state of this message, a B (sms-v2) message: B's states (MessageStatus, section 2.2 and 3) are ${smsStates.join(', ')}`),
    );
  });
});

describe('C im-v1', () => {
  it("refuses a state of B's only, naming C's states and where the document lists them", async () => {
    const id = await sendIm();
    await expect(t.sandbox.setStatus(id, onlySms)).rejects.toThrow(
      new TypeError(
        `status "${onlySms}" is not a state of this message, a C (im-v1) message: C's states (MessageStatus, sections 2.3 and 3) are ${imStates.join(', ')} ("${onlySms}" is a state of B's messages, sms-v2)`,
      ),
    );
  });

  it("delivers a status callback into the project's receiver and records its X-RateLimit-Limit", async () => {
    const received: unknown[] = [];
    t.sandbox.setCallbackUrls({ imStatus: await receiverAt(createImV1StatusReceiver({ rateLimit: 100, onStatus: (s) => void received.push(s) }).node) });
    const id = await sendIm();
    const delivery = await t.sandbox.setStatus(id, 'read');
    expect(received).toEqual([{ id, status: 'read', detail: 'Status changed by the sandbox' }]);
    expect(delivery?.attempts[0]).toMatchObject({ status: 200, rateLimit: 100 });
    expect(t.sandbox.deliveries()).toHaveLength(1);
  });

  it("paces later deliveries to the receiver's X-RateLimit-Limit (requests per second)", async () => {
    const received: string[] = [];
    t.sandbox.setCallbackUrls({ imStatus: await receiverAt(createImV1StatusReceiver({ rateLimit: 5, onStatus: (s) => void received.push(s.status!) }).node) });
    const id = await sendIm();
    const statuses = ['submitted', 'sent', 'received', 'read'] as const;
    const deliveries = await Promise.all(statuses.map((status) => t.sandbox.setStatus(id, status)));
    // In order, one at a time, each started at least 1000/5 ms after the one before.
    expect(received).toEqual(statuses);
    const starts = deliveries.map((d) => d!.attempts[0]!.startedAt);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(200);
  });

  it('paces a receiver that allows 100 per second at 10 ms', async () => {
    t.sandbox.setCallbackUrls({ imStatus: await receiverAt(createImV1StatusReceiver({ rateLimit: 100, onStatus: () => {} }).node) });
    const id = await sendIm();
    const deliveries = await Promise.all((['submitted', 'sent', 'received'] as const).map((status) => t.sandbox.setStatus(id, status)));
    const starts = deliveries.map((d) => d!.attempts[0]!.startedAt);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(10);
  });

  it('retries a failed delivery within its bound and records every answer', async () => {
    let calls = 0;
    const url = await receiverAt((req, res) => {
      req.resume();
      calls++;
      res.writeHead(calls < 3 ? 500 : 200, { 'content-type': 'application/json' }).end(calls < 3 ? '{"code":500,"message":"down","errors":[]}' : '');
    });
    t.sandbox.setCallbackUrls({ imStatus: url });
    const id = await sendIm();
    const delivery = await t.sandbox.setStatus(id, 'sent');
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(delivery?.outcome).toBe('delivered');
  });

  it('gives up after the retries and says so', async () => {
    const url = await receiverAt((req, res) => {
      req.resume();
      res.writeHead(401).end();
    });
    t.sandbox.setCallbackUrls({ imStatus: url });
    const id = await sendIm();
    const delivery = await t.sandbox.setStatus(id, 'sent');
    expect(delivery?.attempts).toHaveLength(3);
    expect(delivery?.outcome).toBe('failed');
  });

  it('changes the status through the HTTP control endpoint', async () => {
    const received: unknown[] = [];
    t.sandbox.setCallbackUrls({ imStatus: await receiverAt(createImV1StatusReceiver({ rateLimit: 50, onStatus: (s) => void received.push(s) }).node) });
    const id = await sendIm();
    const answer = await fetch(`${t.sandbox.url}/__sandbox/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, status: 'failed' }) });
    expect(answer.status).toBe(200);
    expect(received).toEqual([{ id, status: 'failed', detail: 'Status changed by the sandbox' }]);
    const bad = await fetch(`${t.sandbox.url}/__sandbox/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, status: 'queued' }) });
    expect(bad.status).toBe(400);
  });
});
