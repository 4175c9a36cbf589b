import { ResponseError } from '@messaging-contracts/client-core';
import { describeThrowOnError } from '@messaging-contracts/test-kit/throw-suite';
import { createGatewayClient } from './client.js';
import { ClientNetworkError, GatewayResponseError, throwOnError } from './index.js';

const username = 'acme';
const password = 'pw-9d1c7e55';
const defaultError = (status: number) => ({ status, message: 'Refused' });

describeThrowOnError({
  createClient: (options) => throwOnError(createGatewayClient({ ...options, username, password })),
  operations: [
    {
      operation: 'POST /messages',
      call: (client) => client.POST('/messages', { body: { content: 'Hello', destination: '+447700900123' } as never }),
      success: { status: 201, body: { id: 7, status: 'queued' } },
      // A: every error is the `default` response, DefaultError.
      errors: [400, 401, 503].map((status) => ({ status, body: defaultError(status) })),
    },
    {
      operation: 'GET /messages/{messageid}',
      call: (client) => client.GET('/messages/{messageid}', { params: { path: { messageid: 1 } } }),
      success: { status: 200, body: { id: 1, status: 'delivered' } },
      errors: [{ status: 404, body: defaultError(404) }],
    },
  ],
  ErrorClass: GatewayResponseError,
  ResponseError,
  ClientNetworkError,
  secrets: [password, Buffer.from(`${username}:${password}`).toString('base64')],
});
