import { fileURLToPath } from 'node:url';
import { describeWire } from '@messaging-contracts/test-kit/wire-suite';
import { createSmsClient } from './client.js';
import type { SingleMessageInput } from './index.js';

const apiKey = 'sms-key-2f6b01c9';
const single: SingleMessageInput = {
  destination: '+447700900123',
  source: 'Acme',
  content: 'Your code is 481516',
  reference: 'order-2291',
  scheduled: '2026-12-01T09:30:00Z',
  integration_id: '0b7e4c1a-9d2f-4e8b-a6c3-5f1d2e3a4b5c',
};
const messageId = '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c';

describeWire({
  id: 'sms-v2',
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  authorization: apiKey,
  createClient: (baseUrl) => createSmsClient({ baseUrl, apiKey }),
  cases: [
    // 200: a JSON body with no documented schema; the suite replies with the bundle's example.
    { operationId: 'getOpenApiDescription', send: (c) => c.GET('/openapi.yaml') },
    { operationId: 'sendMessage', body: single, send: (c) => c.POST('/messages', { body: single }) },
    {
      operationId: 'getMessage',
      query: { id: messageId },
      send: (c) => c.GET('/messages', { params: { query: { id: messageId } } }),
    },
  ],
});
