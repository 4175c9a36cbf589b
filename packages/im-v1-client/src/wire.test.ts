import { fileURLToPath } from 'node:url';
import { describeWire } from '@messaging-contracts/test-kit/wire-suite';
import { createImClient } from './client.js';
import type { MessagePostRequest } from './index.js';

const apiKey = 'im-key-5d7e2a90';
const request: MessagePostRequest = {
  destination: { mobile: '+447700900123', email: 'jane@example.com' },
  message: {
    type: 'template',
    template: {
      template_id: '0b7e4c1a-9d2f-4e8b-a6c3-5f1d2e3a4b5c',
      language: 'en_GB',
      parameters: [{ name: 'first_name', text: 'Jane' }],
    },
  },
  delivery_attempts: [{ channel: 'wab', event: 'read', timeout: 3600 }, { channel: 'sms' }],
  reference: 'order-2291',
  scheduler_pipe: 'sqs',
};

describeWire({
  id: 'im-v1',
  packageDir: fileURLToPath(new URL('..', import.meta.url)),
  authorization: apiKey,
  // The default client: the suite's 429 names no RetryAfter, so it comes back at once as the
  // typed APIError (retrying is covered in client.test.ts).
  createClient: (baseUrl) => createImClient({ baseUrl, apiKey }),
  cases: [{ operationId: 'sendMessage', body: request, send: (c) => c.POST('/message', { body: request }) }],
});
