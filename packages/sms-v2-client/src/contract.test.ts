import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { basePathOf, loadBundle } from '@messaging-contracts/test-kit/wire-suite';
import { API_KEY_HEADER, BASE_PATH } from './contract.js';

const bundle = loadBundle(fileURLToPath(new URL('..', import.meta.url)), 'sms-v2');

it('BASE_PATH is the server URL of specs/dist/sms-v2.json after {base_url}', () => {
  expect(BASE_PATH).toBe(basePathOf(bundle));
});

it('API_KEY_HEADER is the header of the global apiKey security scheme', () => {
  expect(bundle.security).toEqual([{ apiKey: [] }]);
  expect(bundle.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: API_KEY_HEADER });
});
