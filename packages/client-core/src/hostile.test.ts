// The hostile-server fuzz suite against client-core itself (the four clients run it too).
import { authHeader } from './auth.js';
import { createCoreClient } from './client.js';
import { ClientNetworkError } from './errors.js';
import { describeHostileServer } from '@messaging-contracts/test-kit/hostile-suite';

type Paths = {
  '/things': {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': Record<string, unknown> } };
      responses: { 201: { headers: Record<string, unknown>; content: { 'application/json': unknown } } };
    };
  };
};
const auth = { type: 'basic', username: 'acme', password: 'pw-hostile-51c0' } as const;

describeHostileServer(
  {
    createClient: (options) => createCoreClient<Paths>({ ...options, basePath: '/rest/test', auth }),
    call: (client) => client.POST('/things', { body: { text: 'hi' } }),
    secrets: authHeader(auth).secrets,
    ClientNetworkError,
  },
  150,
);
