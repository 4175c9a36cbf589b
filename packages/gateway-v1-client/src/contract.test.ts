import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { basePathOf, loadBundle } from '@messaging-contracts/test-kit/wire-suite';
import { BASE_PATH, VENDOR_MEDIA_TYPE, VENDOR_TOKEN_PLACEHOLDER } from './contract.js';

const bundle = loadBundle(fileURLToPath(new URL('..', import.meta.url)), 'gateway-v1');

it('BASE_PATH is the server URL of specs/dist/gateway-v1.json after {base_url}', () => {
  expect(BASE_PATH).toBe(basePathOf(bundle));
});

it('auth is HTTP Basic for every operation', () => {
  expect(bundle.security).toEqual([{ basicAuth: [] }]);
  expect(bundle.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
});

it('VENDOR_MEDIA_TYPE matches every vendor media type the request bodies declare, keyed by VENDOR_TOKEN_PLACEHOLDER', () => {
  const media = Object.values<{ content: Record<string, { 'x-vendor-token'?: { placeholder?: string } }> }>(
    bundle.components.requestBodies,
  ).flatMap((body) => Object.entries(body.content));
  const vendor = media.filter(([type]) => type !== 'application/json');
  expect(vendor.length).toBeGreaterThan(0);
  for (const [type, mediaType] of vendor) {
    expect(type).toMatch(VENDOR_MEDIA_TYPE);
    expect(mediaType['x-vendor-token']?.placeholder).toBe(VENDOR_TOKEN_PLACEHOLDER);
    expect(type).toBe(`application/vnd.${VENDOR_TOKEN_PLACEHOLDER}.gateway.v1+json`);
  }
});
