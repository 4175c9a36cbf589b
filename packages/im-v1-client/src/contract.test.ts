import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { basePathOf, loadBundle } from '@messaging-contracts/test-kit/wire-suite';
import { API_KEY_HEADER, BASE_PATH, RETRY_AFTER } from './contract.js';

const bundle = loadBundle(fileURLToPath(new URL('..', import.meta.url)), 'im-v1');

it('BASE_PATH is the server URL of specs/dist/im-v1.json after {base_url}', () => {
  expect(BASE_PATH).toBe(basePathOf(bundle));
});

it('API_KEY_HEADER is the header of the global apiKey security scheme', () => {
  expect(bundle.security).toEqual([{ apiKey: [] }]);
  expect(bundle.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: API_KEY_HEADER });
});

it('RETRY_AFTER is the RetryAfter header component: its name and documented range', () => {
  const schema = bundle.components.headers[RETRY_AFTER.header]?.schema;
  expect(schema).toMatchObject({ type: 'integer', minimum: RETRY_AFTER.minSeconds, maximum: RETRY_AFTER.maxSeconds });
});

it('429 is documented for sendMessage, so retrying it is a documented behaviour', () => {
  expect(Object.keys(bundle.paths['/message'].post.responses)).toContain('429');
});
