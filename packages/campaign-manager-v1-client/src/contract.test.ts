import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { basePathOf, loadBundle, operationsOf } from '@messaging-contracts/test-kit/wire-suite';
import { APPLICATION_NAME, BASE_PATH } from './contract.js';

const bundle = loadBundle(fileURLToPath(new URL('..', import.meta.url)), 'campaign-manager-v1');

it('BASE_PATH is the server URL of specs/dist/campaign-manager-v1.json after {base_url}', () => {
  expect(BASE_PATH).toBe(basePathOf(bundle));
});

it('auth is HTTP Basic for every operation', () => {
  expect(bundle.security).toEqual([{ basicAuth: [] }]);
  expect(bundle.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
  for (const { operation } of operationsOf(bundle)) expect(operation.security).toBeUndefined();
});

it.each(operationsOf(bundle).map((o) => [`${o.method} ${o.path}`, o.path]))(
  '%s starts with the application name segment the client fills in',
  (_title, path) => {
    expect(path.startsWith(`/{${APPLICATION_NAME}}/`)).toBe(true);
  },
);
