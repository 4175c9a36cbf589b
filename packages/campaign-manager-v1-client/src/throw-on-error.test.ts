import { ResponseError } from '@messaging-contracts/client-core';
import { describeThrowOnError } from '@messaging-contracts/test-kit/throw-suite';
import { createCampaignManagerClient } from './client.js';
import { CampaignManagerResponseError, ClientNetworkError, throwOnError } from './index.js';

const username = 'acme';
const password = 'pw-3a6f2b8e';

describeThrowOnError({
  createClient: (options) => throwOnError(createCampaignManagerClient({ ...options, username, password, applicationName: 'acme' })),
  operations: [
    {
      operation: 'GET /lists',
      call: (client) => client.GET('/lists'),
      success: { status: 200, body: [{ id: 7, name: 'customers' }] },
      errors: [{ status: 400, body: { status: 400, message: 'Refused' } }],
    },
    {
      operation: 'DELETE /lists/{list_id}',
      call: (client) => client.DELETE('/lists/{list_id}', { params: { path: { list_id: 7 } } }),
      // A 204 has no body: the call resolves to undefined.
      success: { status: 204 },
      // D's plain-string failure (a JSON string).
      errors: [{ status: 404, body: 'List not found' }],
    },
  ],
  ErrorClass: CampaignManagerResponseError,
  ResponseError,
  ClientNetworkError,
  secrets: [password, Buffer.from(`${username}:${password}`).toString('base64')],
});
