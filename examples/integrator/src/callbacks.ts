// The integrator's callback endpoint: B's status and reply callbacks and C's status callback on one
// HTTP server, each validated and typed by @messaging-contracts/webhooks.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StatusCallback as ImStatusCallback } from '@messaging-contracts/im-v1-client';
import type { ReplyCallback, StatusCallback } from '@messaging-contracts/sms-v2-client';
import { createCallbackRouter, createImV1StatusReceiver, createSmsV2ReplyReceiver, createSmsV2StatusReceiver } from '@messaging-contracts/webhooks';

export interface Received {
  smsStatus: StatusCallback[];
  smsReply: ReplyCallback[];
  imStatus: ImStatusCallback[];
}

export interface CallbackEndpoint {
  received: Received;
  /** Where to point the service (here: the sandbox session) at. */
  urls: { smsStatus: string; smsReply: string; imStatus: string };
  close(): Promise<void>;
}

export async function startCallbackEndpoint(): Promise<CallbackEndpoint> {
  const received: Received = { smsStatus: [], smsReply: [], imStatus: [] };
  const router = createCallbackRouter({
    '/sms/status': createSmsV2StatusReceiver({ onStatus: (status) => void received.smsStatus.push(status) }),
    '/sms/reply': createSmsV2ReplyReceiver({ onReply: (reply) => void received.smsReply.push(reply) }),
    '/im/status': createImV1StatusReceiver({ rateLimit: 50, onStatus: (status) => void received.imStatus.push(status) }),
  });
  const server = createServer(router.node).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    urls: { smsStatus: `${base}/sms/status`, smsReply: `${base}/sms/reply`, imStatus: `${base}/im/status` },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
