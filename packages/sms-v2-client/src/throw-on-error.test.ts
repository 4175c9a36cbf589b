import { ResponseError } from '@messaging-contracts/client-core';
import { describeThrowOnError } from '@messaging-contracts/test-kit/throw-suite';
import { createSmsClient } from './client.js';
import { ClientNetworkError, SmsResponseError, throwOnError } from './index.js';

const apiKey = 'sms-key-5e2b9a71';
const errorBody = { error: 'Refused' };

describeThrowOnError({
  createClient: (options) => throwOnError(createSmsClient({ ...options, apiKey })),
  operations: [
    {
      operation: 'GET /messages',
      call: (client) => client.GET('/messages', { params: { query: { id: '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c' } } }),
      success: { status: 200, body: { id: '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c', status: 'DELIVERED' } },
      // B: 401 and `default`, both its error body.
      errors: [401, 400, 500].map((status) => ({ status, body: errorBody })),
    },
    {
      operation: 'GET /openapi.yaml',
      call: (client) => client.GET('/openapi.yaml'),
      // JSON of no documented schema (the document's opening: all bodies are JSON; section 4.2).
      success: { status: 200, body: { openapi: '3.1.0' } },
      errors: [{ status: 404, body: errorBody }],
    },
  ],
  ErrorClass: SmsResponseError,
  ResponseError,
  ClientNetworkError,
  secrets: [apiKey],
});
