import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { type WireCase, describeWire } from '@messaging-contracts/test-kit/wire-suite';
import { type GatewayClient, createGatewayClient } from './client.js';
import type { MessageBroadcastInput, MessageInput } from './index.js';

const username = 'acme';
const password = 'pw-4c2e9d1a';
const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const message: MessageInput = {
  source: 'Acme',
  content: 'Your code is 481516',
  reference: 'order-2291',
  class: 'mt_message',
  mask: 'Acme',
  sms_class: 1,
  scheduled: '2026-12-01T09:30:00Z',
  destination: '447700900123',
};
const broadcast: MessageBroadcastInput = {
  content: 'The store opens at 9 tomorrow',
  destination: ['447700900123', '447700900456'],
};

const cases: WireCase<GatewayClient>[] = [
  { operationId: 'sendMessage', body: message, send: (c) => c.POST('/messages', { body: message }) },
  { operationId: 'sendBroadcast', body: broadcast, send: (c) => c.POST('/messages/broadcast', { body: broadcast }) },
  {
    operationId: 'getMessage',
    pathParams: { messageid: '4187321' },
    send: (c) => c.GET('/messages/{messageid}', { params: { path: { messageid: 4187321 } } }),
  },
];

describe('gateway-v1 over application/json', () => {
  describeWire({
    id: 'gateway-v1',
    packageDir,
    authorization,
    cases,
    createClient: (baseUrl) => createGatewayClient({ baseUrl, username, password }),
  });
});

describe('gateway-v1 over the vendor media type', () => {
  const vendor = 'application/vnd.acme.gateway.v1+json';
  describeWire({
    id: 'gateway-v1',
    packageDir,
    authorization,
    cases,
    bodyMediaType: vendor,
    createClient: (baseUrl) => createGatewayClient({ baseUrl, username, password, mediaType: vendor }),
  });
});
