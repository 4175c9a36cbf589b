// The bundles' reader the sandbox and the verifier share (exported from the index): each bundle is
// the published JSON, loaded once; local `$ref`s are followed, escapes decoded; a non-local `$ref` or a
// cycle is an error naming the reference.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { API_IDS, bundle, deref } from '../src/index.js';

const require = createRequire(import.meta.url);

it.each(API_IDS)('bundle(%s) is the published document, the same object each time', (api) => {
  expect(bundle(api)).toEqual(require(`@messaging-contracts/openapi/${api}.json`));
  expect(bundle(api)).toBe(bundle(api));
});

it('deref follows a chain of local $refs, decoding ~1 and ~0', () => {
  const document = { components: { schemas: { 'a/b': { $ref: '#/components/schemas/c~0d' }, 'c~d': { type: 'string' } } } };
  expect(deref(document, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'string' });
  expect(deref(document, { type: 'integer' })).toEqual({ type: 'integer' });
  expect(deref(document, undefined)).toBeUndefined();
});

it('deref refuses a $ref that is not local, and a cycle', () => {
  expect(() => deref({}, { $ref: 'other.yaml#/components/schemas/A' })).toThrow('only local $refs are supported: other.yaml#/components/schemas/A');
  const cycle = { components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } } } };
  expect(() => deref(cycle, { $ref: '#/components/schemas/A' })).toThrow(/^\$ref cycle at #\/components\/schemas\/[AB]$/);
});
