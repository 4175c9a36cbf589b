import { ResponseError } from '@messaging-contracts/client-core';
import { describeThrowOnError } from '@messaging-contracts/test-kit/throw-suite';
import { createImClient } from './client.js';
import { ClientNetworkError, ImResponseError, throwOnError } from './index.js';

const apiKey = 'im-key-c01d9b34';
const body = { destination: { mobile: '+447700900123' }, message: { type: 'text', text: { body: 'Your code is 481516' } } } as const;
const apiError = (code: number) => ({ code, message: 'Refused', errors: [{ field: 'destination', message: 'invalid' }] });
// The body fields the samples show instead (section 7), their types not shown: punctuation included.
const sample = (statusCode: number) => ({ message: 'Refused.', statusCode, error: 'Refused' });

describeThrowOnError({
  createClient: (options) => throwOnError(createImClient({ ...options, apiKey, retry: false })),
  operations: [
    {
      operation: 'POST /message',
      call: (client) => client.POST('/message', { body }),
      success: { status: 202, body: { id: '3f9a2c1e-7b4d-4e6a-9c8b-1d2e3f4a5b6c' } },
      // Section 7: every documented error of C is an APIError, or the samples' shape.
      errors: [400, 401, 404, 422, 429, 500].flatMap((status) => [
        { status, body: apiError(status) },
        { status, body: sample(status) },
      ]),
    },
  ],
  ErrorClass: ImResponseError,
  ResponseError,
  ClientNetworkError,
  secrets: [apiKey],
});
