// B's status and reply callbacks and C's status callback, sent by the sandbox session to this
// repository's callback endpoint (@messaging-contracts/webhooks receivers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackEndpoint, startCallbackEndpoint } from '../src/callbacks.js';
import { createMessaging } from '../src/messaging.js';
import { useSession } from './session.js';

const session = useSession();
let endpoint: CallbackEndpoint;
beforeAll(async () => {
  endpoint = await startCallbackEndpoint();
  await session().control('PUT', '/callbacks', endpoint.urls);
});
afterAll(() => endpoint?.close());

const messaging = () => {
  const { baseUrl, credentials } = session();
  return createMessaging({ baseUrl, smsApiKey: credentials['sms-v2'].apiKey, imApiKey: credentials['im-v1'].apiKey });
};

describe('callbacks reach the receivers, validated and typed', () => {
  it('B: a status change arrives as a status callback', async () => {
    const { id } = await messaging().sendSms('+447700900123', 'Track me');
    await session().control('POST', '/status', { id, status: 'received' });
    expect(endpoint.received.smsStatus).toContainEqual(expect.objectContaining({ id, status: 'received' }));
  });

  it('B: a reply arrives as a reply callback', async () => {
    const { id } = await messaging().sendSms('+447700900125', 'Reply YES to confirm');
    await session().control('POST', '/reply', { messageId: id, content: 'YES' });
    expect(endpoint.received.smsReply).toContainEqual(expect.objectContaining({ content: 'YES', source: '+447700900125' }));
  });

  it('C: a status change arrives as C\'s status callback, answered with our rate limit', async () => {
    const id = await messaging().sendOrderShipped('+447700900123', 'A-2001');
    const { delivery } = await session().control<{ delivery: { attempts: { status: number; rateLimit?: number }[] } }>('POST', '/status', { id, status: 'received' });
    expect(endpoint.received.imStatus).toContainEqual(expect.objectContaining({ id, status: 'received' }));
    expect(delivery.attempts[0]).toMatchObject({ status: 200, rateLimit: 50 });
  });
});
