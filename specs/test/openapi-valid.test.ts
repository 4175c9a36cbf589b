// Each bundle is a valid OpenAPI 3.1 document (the official 3.1 schema, via a maintained validator).
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiIds, loadBundle } from './bundles.ts';

describe.each(apiIds)('%s bundle', (id) => {
  it('declares OpenAPI 3.1', () => {
    expect(loadBundle(id).openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(loadBundle(id));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('the validator', () => {
  it('rejects a document that is not OpenAPI 3.1', async () => {
    const result = await new Validator().validate({ openapi: '3.1.0', info: { title: 'x' }, paths: {} });
    expect(result.valid).toBe(false);
  });
});
